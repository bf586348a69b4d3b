import { Copy, Download } from 'lucide-react';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';

/** The recovery codes, shown once right after two-factor sign-in is turned on. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const text = `Medora recovery codes (each works once)\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Recovery codes copied', variant: 'success' });
    } catch {
      toast({
        title: 'Could not copy',
        description: 'Select the codes and copy them yourself.',
        variant: 'destructive',
      });
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'medora-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section
      aria-labelledby="recovery-codes-title"
      className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-4"
    >
      <h3 id="recovery-codes-title" className="font-semibold text-ink">
        Save your recovery codes
      </h3>
      <p className="text-sm text-ink">
        If you lose your phone, each of these codes signs you in once. They are shown only now: keep them somewhere
        safe.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-5">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden /> Copy
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download className="h-4 w-4" aria-hidden /> Download
        </Button>
      </div>
    </section>
  );
}
