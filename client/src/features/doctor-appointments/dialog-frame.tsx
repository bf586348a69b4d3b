import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

/** The overlay and panel both of the book's dialogs use; Radix keeps focus inside and returns it on close. */
export function DialogFrame({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Portal>
      <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
      <Dialog.Content className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100vh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-6 shadow-xl">
        <Dialog.Title className="text-lg font-semibold text-ink">{title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-sm text-muted">{description}</Dialog.Description>
        {children}
      </Dialog.Content>
    </Dialog.Portal>
  );
}
