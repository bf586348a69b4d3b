import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader } from '../../ui/card';
import { Container } from '../../ui/page';

/** The narrow card every signed-out account screen (sign-in, forgot, reset, verify) sits in. */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <Container className="py-10 sm:py-16">
      <Card className="mx-auto w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl leading-tight font-semibold">{title}</h1>
          {description && <CardDescription>{description}</CardDescription>}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </Container>
  );
}

export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: ReactNode }) {
  const look =
    tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-emerald-200 bg-emerald-50 text-emerald-900';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-3 py-2 text-sm ${look}`}>
      {children}
    </p>
  );
}
