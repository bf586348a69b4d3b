import { Plus, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent } from 'react';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { Input, Label, Select } from '../../ui/input';
import { addChip, removeChipAt } from './draft';

const useT = textsFor('builder');

type Props = {
  label: string;
  items: string[];
  onChange: (items: string[]) => void;
  placeholder?: string;
  /** Quick-add buttons for common entries (insurers, payment options). */
  quickAdd?: readonly string[];
  /** Pick from a list instead of typing, offering only entries not yet added (languages). */
  options?: readonly string[];
  /** How an entry reads in the viewer's language (the stored value stays as it is). */
  display?: (item: string) => string;
};

export function ChipInput({ label, items, onChange, placeholder, quickAdd, options, display = (item) => item }: Props) {
  const id = useId();
  const t = useT();
  const { language } = useFormats();
  // "Add languages spoken": the label inside a sentence (Arabic has no case).
  const inSentence = label.toLocaleLowerCase(language);
  const [text, setText] = useState('');
  const handleAdd = (value = text) => {
    onChange(addChip(items, value));
    setText('');
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      handleAdd();
    }
  };
  const remaining = options?.filter((o) => !items.includes(o));

  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        {remaining ? (
          <Select id={id} value="" onChange={(e) => handleAdd(e.target.value)}>
            <option value="">
              {remaining.length ? t('builder.chips.add', { label: inSentence }) : t('builder.chips.allAdded')}
            </option>
            {remaining.map((o) => (
              <option key={o} value={o}>
                {display(o)}
              </option>
            ))}
          </Select>
        ) : (
          <>
            <Input
              id={id}
              value={text}
              placeholder={placeholder}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={handleKeyDown}
            />
            <Button variant="outline" onClick={() => handleAdd()} aria-label={t('builder.chips.addTo', { label })}>
              <Plus className="h-4 w-4" aria-hidden /> {t('builder.chips.addButton')}
            </Button>
          </>
        )}
      </div>
      {quickAdd && (
        <div
          className="flex flex-wrap gap-1.5"
          role="group"
          aria-label={t('builder.chips.quickAdd', { label: inSentence })}
        >
          {quickAdd
            .filter((q) => !items.includes(q))
            .map((q) => (
              <Button
                key={q}
                size="sm"
                variant="secondary"
                className="h-7 rounded-full px-2.5 text-xs"
                onClick={() => handleAdd(q)}
              >
                <Plus className="h-3 w-3" aria-hidden /> {display(q)}
              </Button>
            ))}
        </div>
      )}
      {items.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('builder.chips.added', { label })}>
          {items.map((item, index) => (
            <li
              key={`${item}-${index}`}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-1 pe-1 ps-3 text-sm text-brand-800"
            >
              {display(item)}
              <button
                type="button"
                onClick={() => onChange(removeChipAt(items, index))}
                aria-label={t('builder.chips.remove', { item: display(item) })}
                className="rounded-full p-0.5 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <X className="h-3.5 w-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
