import { InputField } from '../ui/field';
import type { GroupProps } from './behaviour-fields';

const DEVICES = [
  ['ios', 'iOS URL', 'iPhone, iPad and iPod visitors go here (e.g. the App Store page). Empty: the destination.'],
  ['android', 'Android URL', 'Android visitors go here (e.g. the Play Store page). Empty: the destination.'],
] as const;

/** Device -> URL: the API knows ios and android; every other device gets the destination (or its country's URL). */
export function DeviceEditor({ draft, set, error }: GroupProps) {
  const whole = error?.fields.device_targeting;
  return (
    <fieldset class="group">
      <legend>Device targeting</legend>
      <p class="muted">Device targets come before geo-targeting; desktop browsers and other devices follow the rules below.</p>
      <div class="two">
        {DEVICES.map(([device, label, hint]) => (
          <InputField
            key={device}
            id={`device-${device}`}
            label={label}
            type="url"
            placeholder="https://example.com/app"
            hint={hint}
            error={error?.fields[`device_targeting.${device}`]}
            value={draft[device]}
            onValue={(v) => set({ [device]: v })}
          />
        ))}
      </div>
      {whole ? (
        <small class="field-error" role="alert">
          {whole}
        </small>
      ) : null}
    </fieldset>
  );
}
