import { sessionIdParamsSchema, sessionListSchema, signedOutOthersSchema } from '@common/schemas/mfa';
import type { AppContext } from '../../deps';
import type { Router } from '../../http/route';
import { notFound } from '../../core/errors';
import { clearSessionCookie, hashToken, sessionToken } from '../../http/session';
import { retireWhatTheAccountIssued } from './retire';
import { endSessions, listSessions, sessionIdOf } from './sessions';

export function sessionRoutes(r: Router, { config, db, clock, realtime }: AppContext) {
  const limits = { idleMs: config.sessionIdleMs, maxAgeMs: config.sessionMaxAgeMs };
  const currentId = (token: string | undefined) => (token ? hashToken(token) : undefined);

  r.get(
    '/api/auth/sessions',
    {
      access: 'user',
      summary: "The account's active sessions: device, approximate place, last activity, and which one is this",
      schema: { response: { 200: sessionListSchema } },
    },
    async ({ request, user }) => ({
      sessions: await listSessions(db, user.id, currentId(sessionToken(request)), limits, clock.now()),
    }),
  );

  r.delete(
    '/api/auth/sessions/:id',
    {
      access: 'user',
      summary: 'Sign one session out; its open sockets close now',
      errors: { 404: 'No session of yours has this id.' },
      schema: { params: sessionIdParamsSchema },
      replies: { 204: { description: 'The session has ended.' } },
    },
    async ({ request, reply, user }) => {
      const id = await sessionIdOf(db, user.id, request.params.id);
      if (!id) throw notFound('Session');
      await endSessions({ db, realtime }, user.id, { only: id });
      if (id === currentId(sessionToken(request))) clearSessionCookie(reply, config.secureCookies);
      return reply.status(204).send();
    },
  );

  r.post(
    '/api/auth/sessions/sign-out-others',
    {
      access: 'user',
      summary: 'Sign out every session of the account except this one; their sockets close now',
      description:
        "Also retires what the account issued: every open e-mailed link (address change, verification, reset), the calendar feed's address and the devices that get push notifications.",
      schema: { response: { 200: signedOutOthersSchema } },
    },
    async ({ request, user }) => {
      await db.transaction((tx) => retireWhatTheAccountIssued(tx, user.id, clock.now()));
      const ended = await endSessions({ db, realtime }, user.id, { except: currentId(sessionToken(request)) });
      return { ended: ended.length };
    },
  );
}
