import { useRef, useState } from 'preact/hooks';
import type { ApiError } from '../../api/errors';
import { InputField } from '../../ui/field';
import { Icon } from '../../ui/icons';
import { CONDITION_LABELS, CONDITION_TYPES, type ConditionDraft, type ConditionType, chipText, type RuleDraft, ruleKey } from './rule-draft';

/** The API's problems with a rule's conditions (`rules.0.if.country.0`: ...), as one sentence. */
function conditionErrors(error: ApiError | undefined, i: number): string | undefined {
  const prefix = `rules.${i}.if`;
  const hits = Object.entries(error?.fields ?? {}).filter(([p]) => p === prefix || p.startsWith(`${prefix}.`));
  return hits.length ? hits.map(([p, m]) => `${p.slice(prefix.length + 1) || 'conditions'}: ${m}`).join('; ') : undefined;
}

/** A condition type and its value, added to a rule as a chip. */
function ConditionAdder({ n, onAdd }: { n: number; onAdd: (c: ConditionDraft) => void }) {
  const [type, setType] = useState<ConditionType>('country');
  const [value, setValue] = useState('');
  const add = () => {
    if (!value.trim()) return;
    onAdd({ type, value: value.trim() });
    setValue('');
  };
  const dated = type === 'after' || type === 'before';
  return (
    <div class="condition-adder">
      <select aria-label={`Condition type for rule ${n}`} value={type} onChange={(e) => setType(e.currentTarget.value as ConditionType)}>
        {CONDITION_TYPES.map((t) => (
          <option key={t} value={t}>
            {CONDITION_LABELS[t].label}
          </option>
        ))}
      </select>
      {dated ? (
        <input type="datetime-local" aria-label={`Condition value for rule ${n}`} value={value} onInput={(e) => setValue(e.currentTarget.value)} />
      ) : (
        <input
          aria-label={`Condition value for rule ${n}`}
          placeholder={CONDITION_LABELS[type].hint}
          value={value}
          onInput={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              add();
            }
          }}
        />
      )}
      <button type="button" class="small" onClick={add}>
        <Icon name="plus" /> Add condition
      </button>
    </div>
  );
}

/**
 * Redirect rules, in order: each a set of conditions (chips) and a target URL. Rules move with the
 * arrow keys on their handle, or by dragging; a live region says where a moved rule went.
 */
export function RulesEditor({ rules, onChange, error }: { rules: RuleDraft[]; onChange: (r: RuleDraft[]) => void; error?: ApiError }) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const handles = useRef<(HTMLButtonElement | null)[]>([]);
  const set = (i: number, patch: Partial<RuleDraft>) => onChange(rules.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const move = (from: number, to: number) => {
    if (to < 0 || to >= rules.length || from === to) return;
    const next = [...rules];
    const [r] = next.splice(from, 1);
    next.splice(to, 0, r!);
    onChange(next);
    setSaid(`Rule ${from + 1} moved to position ${to + 1} of ${rules.length}.`);
    requestAnimationFrame(() => handles.current[to]?.focus());
  };
  return (
    <fieldset class="group rules">
      <legend>Redirect rules</legend>
      <p class="muted">Checked in order, before device and country targets: the first rule whose conditions all hold sends the visitor to its URL.</p>
      <ol class="rule-list">
        {rules.map((r, i) => (
          <li
            key={r.key}
            class={dragged === i ? 'rule dragging' : 'rule'}
            draggable
            onDragStart={(e) => {
              setDragged(i);
              e.dataTransfer?.setData('text/plain', String(i));
            }}
            onDragOver={(e) => e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              move(dragged ?? Number(e.dataTransfer?.getData('text/plain')), i);
              setDragged(null);
            }}
            onDragEnd={() => setDragged(null)}
          >
            <div class="rule-head">
              <button
                type="button"
                class="small handle"
                ref={(el) => {
                  handles.current[i] = el;
                }}
                aria-label={`Move rule ${i + 1} (arrow up or down)`}
                onKeyDown={(e) => {
                  if (e.key === 'ArrowUp' || e.key === 'ArrowDown') {
                    e.preventDefault();
                    move(i, e.key === 'ArrowUp' ? i - 1 : i + 1);
                  }
                }}
              >
                ⠿
              </button>
              <strong>Rule {i + 1}</strong>
              <button type="button" class="small" onClick={() => onChange(rules.filter((_, j) => j !== i))} aria-label={`Remove rule ${i + 1}`}>
                <Icon name="trash" />
              </button>
            </div>
            <ul class="chips" aria-label={`Conditions of rule ${i + 1}`}>
              {r.conditions.map((c, j) => (
                <li key={`${c.type}-${j}`} class="chip">
                  {chipText(c)}
                  <button
                    type="button"
                    aria-label={`Remove condition ${chipText(c)}`}
                    onClick={() => set(i, { conditions: r.conditions.filter((_, k) => k !== j) })}
                  >
                    ×
                  </button>
                </li>
              ))}
              {r.conditions.length === 0 ? <li class="muted">No condition yet: add one below.</li> : null}
            </ul>
            <ConditionAdder n={i + 1} onAdd={(c) => set(i, { conditions: [...r.conditions, c] })} />
            {conditionErrors(error, i) ? (
              <small class="field-error" role="alert">
                {conditionErrors(error, i)}
              </small>
            ) : null}
            <InputField
              id={`rule-${r.key}-to`}
              label={`Rule ${i + 1} sends to`}
              type="url"
              placeholder="https://example.com/for-these-visitors"
              error={error?.fields[`rules.${i}.to`]}
              value={r.to}
              onValue={(to) => set(i, { to })}
            />
          </li>
        ))}
      </ol>
      {error?.fields.rules ? (
        <small class="field-error" role="alert">
          {error.fields.rules}
        </small>
      ) : null}
      <p class="visually-hidden" aria-live="polite">
        {said}
      </p>
      <button type="button" class="small" onClick={() => onChange([...rules, { key: ruleKey(), conditions: [], to: '' }])} disabled={rules.length >= 50}>
        <Icon name="plus" /> Add a rule
      </button>
    </fieldset>
  );
}
