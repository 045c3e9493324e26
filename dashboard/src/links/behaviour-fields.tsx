import type { ApiError } from '../api/errors';
import { InputField } from '../ui/field';
import type { LinkDraft } from './link-draft';

export interface GroupProps {
  draft: LinkDraft;
  set: (patch: Partial<LinkDraft>) => void;
  error?: ApiError;
}

const ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export const BEHAVIOUR_HINTS = {
  title: 'Shown in the dashboard and exports; 1-200 characters. Empty: none.',
  external_id: 'Your own id (e.g. a CRM id): printable ASCII without spaces, unique in the workspace. ext_<id> then stands for the link id.',
  expires_at: `In your browser's time zone (${ZONE}); must lie in the future. Empty: never expires.`,
  expired_url: 'Where visitors go once the link is expired or out of clicks. Empty: they get 410 Gone.',
  max_clicks: 'The link stops redirecting after this many counted clicks (1 or more). Empty: no limit.',
};

/** Title and external id. */
export function TitleAndIds({ draft, set, error }: GroupProps) {
  return (
    <fieldset class="group">
      <legend>Title and ids</legend>
      <div class="two">
        <InputField
          id="title"
          label="Title"
          hint={BEHAVIOUR_HINTS.title}
          error={error?.field('title')}
          maxLength={200}
          value={draft.title}
          onValue={(title) => set({ title })}
        />
        <InputField
          id="external_id"
          label="External id"
          hint={BEHAVIOUR_HINTS.external_id}
          error={error?.field('external_id')}
          maxLength={255}
          value={draft.external_id}
          onValue={(external_id) => set({ external_id })}
        />
      </div>
    </fieldset>
  );
}

/** Expiry date, where visitors go afterwards, and the click cap. */
export function ExpiryAndLimits({ draft, set, error }: GroupProps) {
  return (
    <fieldset class="group">
      <legend>Expiry and limits</legend>
      <div class="two">
        <InputField
          id="expires_at"
          label="Expires at"
          type="datetime-local"
          hint={BEHAVIOUR_HINTS.expires_at}
          error={error?.field('expires_at')}
          value={draft.expires_at}
          onValue={(expires_at) => set({ expires_at })}
        />
        <InputField
          id="max_clicks"
          label="Maximum clicks"
          type="number"
          min={1}
          hint={BEHAVIOUR_HINTS.max_clicks}
          error={error?.field('max_clicks')}
          value={draft.max_clicks}
          onValue={(max_clicks) => set({ max_clicks })}
        />
      </div>
      <InputField
        id="expired_url"
        label="URL after expiry"
        type="url"
        placeholder="https://example.com/offer-ended"
        hint={BEHAVIOUR_HINTS.expired_url}
        error={error?.field('expired_url')}
        value={draft.expired_url}
        onValue={(expired_url) => set({ expired_url })}
      />
    </fieldset>
  );
}
