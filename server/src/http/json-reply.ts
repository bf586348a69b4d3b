import type { FastifyReply } from 'fastify';

/**
 * Sends JSON text the handler already has, as it is: for hot replies whose shape is fixed by
 * construction (a search page of cards built by PostgreSQL, a slot list from the generator), where
 * checking and copying every object against the response schema on the way out cost more than
 * building the reply. The route still declares that schema, for the API description and tests.
 */
export const sendJson = (reply: FastifyReply, body: string) =>
  reply
    .type('application/json; charset=utf-8')
    .serializer((payload) => payload as string)
    .send(body);
