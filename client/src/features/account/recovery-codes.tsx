import { Copy, Download } from 'lucide-react';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';

const useT = textsFor('account');

/** The recovery codes, shown once right after two-factor sign-in is turned on. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useT();
  const text = `${t('account.recovery.fileHeading')}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: t('account.recovery.copied'), variant: 'success' });
    } catch {
      toast({
        title: t('account.recovery.copyFailed'),
        description: t('account.recovery.copyByHand'),
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
        {t('account.recovery.title')}
      </h3>
      <p className="text-sm text-ink">{t('account.recovery.text')}</p>
      <ul
        aria-label={t('account.recovery.listLabel')}
        dir="ltr"
        className="grid grid-cols-2 gap-x-6 gap-y-1 font-mono text-sm sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void copy()}>
          <Copy className="h-4 w-4" aria-hidden /> {t('account.recovery.copy')}
        </Button>
        <Button variant="outline" size="sm" onClick={download}>
          <Download className="h-4 w-4" aria-hidden /> {t('account.download')}
        </Button>
      </div>
    </section>
  );
}
