import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CertificateBody, PrescriptionBody } from '@common/schemas/care-documents';
import { endpoint } from './endpoint';
import { queryKeys } from './query-keys';

// The schemas arrive with the first request that needs them, not in the shared chunk every page loads.
const schemas = () => import('@common/schemas/care-documents');

const listCareDocuments = endpoint('GET', '/api/appointments/:id/care-documents', () =>
  schemas().then((m) => m.careDocumentListSchema),
);
const issuePrescription = endpoint('POST', '/api/doctor/appointments/:id/prescriptions', () =>
  schemas().then((m) => m.careDocumentSchema),
);
const issueCertificate = endpoint('POST', '/api/doctor/appointments/:id/certificates', () =>
  schemas().then((m) => m.careDocumentSchema),
);
const revokeCareDocument = endpoint('POST', '/api/care-documents/:id/revoke', () =>
  schemas().then((m) => m.careDocumentSchema),
);
const verifyCode = endpoint('GET', '/api/verify/:code', () => schemas().then((m) => m.verificationSchema));

/** Where a document's PDF downloads from (a plain link: the browser saves the attachment). */
export const careDocumentPdfUrl = (id: string) => `/api/care-documents/${encodeURIComponent(id)}/pdf`;

export const careDocumentsQuery = (appointmentId: string) =>
  queryOptions({
    queryKey: queryKeys.careDocuments.visit(appointmentId),
    queryFn: () => listCareDocuments.send({ params: { id: appointmentId } }),
  });

export const verificationQuery = (code: string) =>
  queryOptions({
    queryKey: queryKeys.careDocuments.verify(code),
    queryFn: () => verifyCode.send({ params: { code } }),
    retry: false,
  });

export type IssueInput = ({ kind: 'prescription' } & PrescriptionBody) | CertificateBody;

export function useIssueCareDocument(appointmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: IssueInput) => {
      const params = { id: appointmentId };
      if (input.kind === 'prescription') {
        const { kind: _kind, ...body } = input;
        return issuePrescription.send({ params, body });
      }
      return issueCertificate.send({ params, body: input });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.careDocuments.visit(appointmentId) }),
  });
}

export function useRevokeCareDocument(appointmentId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) =>
      revokeCareDocument.send({ params: { id }, body: { reason } }),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.careDocuments.visit(appointmentId) }),
  });
}
