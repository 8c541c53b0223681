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
 * Radio cards made of native radio inputs, as many to a row as fit 9.5rem each in the column the
 * chooser has: one on a phone, where two cut a hint to a lone 「策」; beside My Page's menu, where
 * three at a fixed count cut 「スピーキングテ｜スト対策」. Arrow keys move between choices, Space selects, and
 * screen readers announce "radio, 2 of 3" with no script of ours. Each card is named by its label
 * and described by its hint.
 */
export function ChoiceGroup<T extends string>({ title, value, choices, onChange }: ChoiceGroupProps<T>) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={title} className="grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-2">
      {choices.map((choice) => {
        const labelId = `${name}-${choice.value}`;
        return (
          <label
            key={choice.value}
            className="relative cursor-pointer rounded-xl border border-slate-300 bg-white p-3 text-left transition hover:border-brand-500 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600 has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-500"
          >
            <input
              type="radio"
              name={name}
              value={choice.value}
              checked={value === choice.value}
              onChange={() => onChange(choice.value)}
              aria-labelledby={labelId}
              aria-describedby={choice.hint ? `${labelId}-hint` : undefined}
              // Transparent and over the whole card: a tap anywhere on the card is a tap on the radio.
              className="absolute inset-0 h-full w-full cursor-pointer appearance-none rounded-xl opacity-0"
            />
            <span id={labelId} className="block text-sm font-bold text-ink">
              {choice.label}
            </span>
            {choice.hint && (
              <span id={`${labelId}-hint`} className="mt-0.5 block text-xs text-muted">
                {choice.hint}
              </span>
            )}
          </label>
        );
      })}
    </div>
  );
}
