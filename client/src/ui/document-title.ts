import { useEffect } from 'react';

/** Every tab reads "<what this page is> · Medora", so a list of tabs or history says where each one is. */
export const documentTitle = (title: string) => `${title} · Medora`;

/**
 * A screen whose title depends on its data ("Dr. Daniel Okafor") names itself once the data is
 * there; until then the route's own title (app/route-title.tsx) stands.
 */
export function useDocumentTitle(title: string | null | undefined) {
  useEffect(() => {
    if (title) document.title = documentTitle(title);
  }, [title]);
}
