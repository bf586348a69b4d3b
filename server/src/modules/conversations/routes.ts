import type { FastifyInstance } from 'fastify';
import {
  conversationIdParamsSchema,
  conversationListSchema,
  conversationSchema,
  messagePageQuerySchema,
  messagePageSchema,
  messageSchema,
  openConversationBodySchema,
  readMarkerSchema,
  replyPromiseSchema,
  sendMessageBodySchema,
  unreadTotalSchema,
} from '@common/schemas/conversations';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { listConversations, readMessages } from '../../policies/conversation';
import { viewerOf } from '../../policies/viewer';
import { servicesOf } from '../events/bus';
import {
  closeConversation,
  markRead,
  openConversation,
  readReplyPromise,
  reopenConversation,
  sendMessage,
  setReplyPromise,
  unreadTotal,
} from './service';

/*
 * Conversations between visits (issue 41). Health data: every reply is no-store (the security
 * hook), and the text of a message never appears in a URL, a log line, a bell or an e-mail.
 */
export async function conversationRoutes(app: FastifyInstance, context: AppContext) {
  const { db, clock, realtime } = context;
  const r = route(app, 'Conversations');
  const params = conversationIdParamsSchema;
  const parties = ['patient', 'doctor'] as const;

  r.post(
    '/api/conversations',
    {
      access: parties,
      summary: 'Open my conversation with a doctor (as a patient) or a patient (as a doctor), or get the existing one',
      description:
        'A patient may open one with a doctor they have had a paid visit with (any status but an unpaid hold); a doctor with any such patient of theirs. 201 when created, 200 with the existing one.',
      schema: { body: openConversationBodySchema, response: { 200: conversationSchema, 201: conversationSchema } },
    },
    async ({ request, reply, user }) => {
      const { conversation, created } = await openConversation(db, viewerOf(request, user), request.body, clock.now());
      return reply.status(created ? 201 : 200).send(conversation);
    },
  );

  r.get(
    '/api/conversations',
    {
      access: parties,
      summary: 'List my conversations with the other party, the last message time and my unread count',
      schema: { response: { 200: conversationListSchema } },
    },
    async ({ request, user }) => listConversations(db, viewerOf(request, user)),
  );

  r.get(
    '/api/conversations/unread',
    {
      access: parties,
      summary: 'How many messages are waiting unread across my conversations',
      schema: { response: { 200: unreadTotalSchema } },
    },
    async ({ request, user }) => unreadTotal(db, viewerOf(request, user)),
  );

  r.get(
    '/api/conversations/:id/messages',
    {
      access: parties,
      summary: 'Read a page of a conversation of mine, oldest first; `before` pages back',
      description: "A doctor's read is in the patient's record-access log.",
      schema: { params, querystring: messagePageQuerySchema, response: { 200: messagePageSchema } },
    },
    async ({ request, user }) =>
      readMessages(db, viewerOf(request, user), request.params.id, request.query.before, clock.now()),
  );

  r.post(
    '/api/conversations/:id/messages',
    {
      access: parties,
      summary: 'Write in a conversation of mine; attached documents are shared with the doctor',
      errors: {
        409: 'The doctor closed the conversation.',
        429: 'Too many messages from this account in the last minute or hour.',
      },
      schema: { params, body: sendMessageBodySchema, response: { 201: messageSchema } },
    },
    async ({ request, reply, user }) => {
      const { message, recipientId } = await sendMessage(
        servicesOf(context, request.log),
        viewerOf(request, user),
        request.params.id,
        request.body,
        clock.now(),
      );
      // After commit: the other party's sockets and the sender's other tabs, on every instance.
      const live = { type: 'conversation_message' as const, message };
      await Promise.all([
        realtime.hub.publishToUser(recipientId, live),
        realtime.hub.publishToUser(user.id, live),
      ]).catch((err) => request.log.warn({ err }, 'live delivery of a conversation message failed'));
      return reply.status(201).send(message);
    },
  );

  r.post(
    '/api/conversations/:id/read',
    {
      access: parties,
      summary: 'Mark every message of a conversation of mine as read',
      schema: { params, response: { 200: readMarkerSchema } },
    },
    async ({ request, user }) => ({ unreadCount: await markRead(db, viewerOf(request, user), request.params.id) }),
  );

  r.post(
    '/api/conversations/:id/close',
    {
      access: 'doctor',
      summary: 'Close a conversation with a patient of mine; the patient can reopen it with a new visit',
      schema: { params, response: { 200: conversationSchema } },
    },
    async ({ request, user }) => closeConversation(db, viewerOf(request, user), request.params.id, clock.now()),
  );

  r.post(
    '/api/conversations/:id/reopen',
    {
      access: parties,
      summary: 'Reopen a closed conversation: its doctor at any time, its patient after booking a new visit',
      errors: { 409: 'A patient without a visit booked since the conversation was closed.' },
      schema: { params, response: { 200: conversationSchema } },
    },
    async ({ request, user }) => reopenConversation(db, viewerOf(request, user), request.params.id),
  );

  r.get(
    '/api/doctor/reply-promise',
    {
      access: 'doctor',
      summary: 'Read my reply-time promise ("usually answers within N working days")',
      schema: { response: { 200: replyPromiseSchema } },
    },
    async ({ request, user }) => readReplyPromise(db, viewerOf(request, user)),
  );

  r.put(
    '/api/doctor/reply-promise',
    {
      access: 'doctor',
      summary: 'Set my reply-time promise in working days (1–10), or null to show none',
      schema: { body: replyPromiseSchema, response: { 200: replyPromiseSchema } },
    },
    async ({ request, user }) => setReplyPromise(db, viewerOf(request, user), request.body, clock.now()),
  );
}
