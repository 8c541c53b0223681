import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { FieldShell, inputClass } from '../../../components/ui/Field.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
  label: string;
  hint?: string | undefined;
  /** The Japanese text of what is wrong, shown once the person has left the field. */
  error?: string | undefined;
  /** Drawn inside the input's right edge (the brand of the number being typed). */
  adornment?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
};

/** One input of the card form, with the same label, hint and error wiring as the other forms. */
export function CardField({ label, hint, error, adornment, inputRef, required, ...input }: Props) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} required={required} hint={hint} error={error}>
      <div className="relative">
        <input
          id={id}
          ref={inputRef}
          className={adornment ? `${inputClass} pr-14` : inputClass}
          aria-invalid={error ? true : undefined}
          aria-required={required ? true : undefined}
          aria-describedby={[hint ? `${id}-hint` : '', `${id}-error`].join(' ').trim()}
          {...input}
        />
        {adornment && <span className="pointer-events-none absolute inset-y-0 right-3 flex items-center">{adornment}</span>}
      </div>
    </FieldShell>
  );
}
