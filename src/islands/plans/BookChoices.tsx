import { toggleBook } from '../../domain/plans/pricing.ts';
import { bookChoices, type BookChoice } from '../../domain/plans/types.ts';
import { t } from '../../i18n/plans.ts';

interface Props {
  labelledBy: string;
  value: BookChoice[];
  onChange: (books: BookChoice[]) => void;
}

/** NEW CROWN, Connect, or 選択しない: "none" is exclusive, both books together are allowed. */
export function BookChoices({ labelledBy, value, onChange }: Props) {
  return (
    <div role="group" aria-labelledby={labelledBy} className="grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-2">
      {bookChoices.map((book) => (
        <label
          key={book}
          className="flex cursor-pointer items-center gap-2 rounded-xl border border-slate-300 bg-white p-3 text-sm font-bold has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600"
        >
          <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={value.includes(book)} onChange={() => onChange(toggleBook(value, book))} />
          {t(`plan.book.${book}`)}
        </label>
      ))}
    </div>
  );
}
