import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { receiptIdParamsSchema, receiptPdfQuerySchema, receiptSummarySchema } from '@common/schemas/receipts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { AppContext } from '../../deps';
import { requestLanguage } from '../../http/request-language';
import { route } from '../../http/route';
import { receiptZone } from './buyer-zone';
import { renderReceiptPdf } from './pdf';
import { receiptForBuyer, receiptsOf } from './queries';

export async function receiptRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const r = route(app, 'Receipts');

  r.get(
    '/api/receipts',
    {
      access: 'user',
      summary: 'List my numbered receipts (consultations and outbreak reports), newest first',
      schema: { response: { 200: z.array(receiptSummarySchema) } },
    },
    async ({ reply, user }) => {
      reply.header('cache-control', 'no-store');
      return receiptsOf(db, user.id);
    },
  );

  r.get(
    '/api/receipts/:id/pdf',
    {
      access: 'user',
      summary: 'Download one of my receipts as a PDF, its date in my time zone',
      description: '`timeZone` (an IANA zone, from the browser) sets the zone of the date; UTC without it.',
      replies: { 200: { description: 'The receipt PDF, as an attachment.', contentType: 'application/pdf' } },
      schema: { params: receiptIdParamsSchema, querystring: receiptPdfQuerySchema, response: { 200: z.any() } },
    },
    async ({ request, reply, user }) => {
      const [account] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, user.id));
      const zone = receiptZone(account?.timeZone ?? null, request.query.timeZone);
      const receipt = await receiptForBuyer(db, user.id, request.params.id);
      // Only the buyer reads a receipt: the reply's language is theirs (account, else browser).
      const pdf = await renderReceiptPdf(receipt, config.operator, zone, requestLanguage(request));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="medora-receipt-${receipt.number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
}
