/**
 * The dashboard's one combobox (docs/adr/0242): a text field and, under it, a listbox of options
 * (WAI-ARIA's combobox pattern, list autocomplete). The field keeps the focus; `aria-activedescendant`
 * names the option the keys are on (combobox-keys.ts holds the keys). What the options are, what the
 * field shows and what a pick does are the picker's (the time zone picker, the report's link picker).
 */
import type { ComponentChildren } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { CLOSED, type ComboState, comboKey } from './combobox-keys';
import './combobox.css';

export interface Combo {
  state: ComboState;
  /** Opens the list with the keys on `active` (-1: none), as where a search or an opening puts them. */
  show: (active: number) => void;
  close: () => void;
  set: (state: ComboState) => void;
}

export function useCombobox(): Combo {
  const [state, set] = useState<ComboState>(CLOSED);
  return { state, set, show: (active) => set({ open: true, active, moved: false }), close: () => set(CLOSED) };
}

export interface ComboboxProps<T> {
  /** The field's id; the list's is `<id>-list`, an option's `<id>-option-<n>`. */
  id: string;
  box: Combo;
  /** The field's text. */
  value: string;
  onText: (text: string) => void;
  options: readonly T[];
  optionKey: (option: T) => string;
  /** An option's content. */
  option: (option: T) => ComponentChildren;
  onPick: (option: T) => void;
  /** Where ↓ (1) or ↑ (-1) opens the closed list, or null when there is nothing to list. */
  opensAt: (step: 1 | -1) => number | null;
  listLabel: string;
  /** Said politely (how many found, what was picked). */
  status: string;
  describedBy?: string;
  invalid?: boolean;
  placeholder?: string;
  onFocus?: (input: HTMLInputElement) => void;
  onClick?: () => void;
  /** Class of the wrapper, beside `combobox`. */
  class?: string;
  /** Shown under the field after the list (a note that nothing matches). */
  children?: ComponentChildren;
}

export function Combobox<T>(p: ComboboxProps<T>) {
  const list = useRef<HTMLDivElement>(null);
  const { open } = p.box.state;
  const at = Math.min(p.box.state.active, p.options.length - 1);
  const shown = open && p.options.length > 0;
  useLayoutEffect(() => {
    if (open && at >= 0) list.current?.children[at]?.scrollIntoView({ block: 'nearest' });
  }, [open, at]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;
    const now = { ...p.box.state, active: at };
    const step = comboKey(now, e.key, { count: p.options.length, empty: p.value === '', opensAt: p.opensAt });
    if (step.state !== now) p.box.set(step.state);
    if (step.pick !== null) p.onPick(p.options[step.pick]!);
    if (step.handled) e.preventDefault();
  };
  const optionId = (i: number) => `${p.id}-option-${i}`;
  return (
    <div class={p.class ? `combobox ${p.class}` : 'combobox'}>
      <input
        id={p.id}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={`${p.id}-list`}
        aria-activedescendant={shown && at >= 0 ? optionId(at) : undefined}
        aria-describedby={p.describedBy}
        aria-invalid={p.invalid ? 'true' : undefined}
        autocomplete="off"
        spellcheck={false}
        value={p.value}
        placeholder={p.placeholder}
        onFocus={(e) => p.onFocus?.(e.currentTarget)}
        onClick={p.onClick}
        onInput={(e) => {
          // Typing leaves the option the keys moved to: Tab then picks nothing (the list may still be the last query's).
          if (p.box.state.moved) p.box.set({ ...p.box.state, moved: false });
          p.onText(e.currentTarget.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={p.box.close}
      />
      <div id={`${p.id}-list`} ref={list} role="listbox" aria-label={p.listLabel} class="combobox-list" hidden={!shown}>
        {shown
          ? p.options.map((o, i) => (
              <div
                key={p.optionKey(o)}
                id={optionId(i)}
                role="option"
                // The field keeps the focus (aria-activedescendant); -1 only lets a pointer focus it, as the pattern allows.
                tabIndex={-1}
                aria-selected={i === at}
                class="combobox-option"
                // Pressing an option must not blur the field first (which closes the list).
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(p, o)}
                onKeyDown={(e) => e.key === 'Enter' && pick(p, o)}
              >
                {p.option(o)}
              </div>
            ))
          : null}
      </div>
      {p.children}
      <span class="visually-hidden" aria-live="polite">
        {p.status}
      </span>
    </div>
  );
}

function pick<T>(p: ComboboxProps<T>, option: T): void {
  p.box.close();
  p.onPick(option);
}
