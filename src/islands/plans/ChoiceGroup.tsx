import { Description, Label, RadioGroup, RadioGroupOption } from '@headlessui/react';
import { useId, type ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: string;
  hint?: string | undefined;
}

interface StepProps {
  number: number;
  title: string;
  hint?: string | undefined;
  /** The heading's id, when a control outside Headless UI is labelled by it. */
  id?: string | undefined;
  children: ReactNode;
}

/** One numbered step of the chooser, a region named by its heading. */
export function Step({ number, title, hint, id, children }: StepProps) {
  const generated = useId();
  const headingId = id ?? generated;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="flex items-center gap-2 text-base text-brand-800">
        <span aria-hidden="true" className="flex h-6 w-6 items-center justify-center rounded-full bg-brand-600 text-xs text-white">
          {number}
        </span>
        {title}
      </h3>
      {hint && <p className="text-xs text-muted">{hint}</p>}
      {children}
    </section>
  );
}

interface ChoiceGroupProps<T extends string> {
  /** The step's title: the group's accessible name (the visible heading says the same). */
  title: string;
  value: T | undefined;
  choices: Choice<T>[];
  onChange: (value: T) => void;
}

/**
 * Radio cards (Headless UI): arrow keys move between choices, Space or a click selects. A Label
 * directly inside the group names it; each option has its own label scope, so its Label and
 * Description name and describe that card only. (Radio inside Field would do the same, but Field
 * renders a hidden element with an inline style that the CSP refuses.)
 */
export function ChoiceGroup<T extends string>({ title, value, choices, onChange }: ChoiceGroupProps<T>) {
  return (
    <RadioGroup value={value ?? null} onChange={(next: T | null) => next && onChange(next)} className="grid grid-cols-2 gap-2 chooser:grid-cols-3">
      <Label className="sr-only">{title}</Label>
      {choices.map((choice) => (
        <RadioGroupOption
          key={choice.value}
          value={choice.value}
          className="cursor-pointer rounded-xl border border-slate-300 bg-white p-3 text-left transition hover:border-brand-500 focus:outline-none data-checked:border-brand-600 data-checked:bg-brand-50 data-checked:ring-2 data-checked:ring-brand-600 data-focus:outline-3 data-focus:outline-offset-2 data-focus:outline-accent-500"
          >
          <Label className="block cursor-pointer text-sm font-bold text-ink">{choice.label}</Label>
          {choice.hint && <Description className="mt-0.5 block text-xs text-muted">{choice.hint}</Description>}
        </RadioGroupOption>
      ))}
    </RadioGroup>
  );
}
