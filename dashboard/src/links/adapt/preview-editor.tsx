import { InputField } from '../../ui/field';
import type { GroupProps } from '../behaviour-fields';

/**
 * The share card link-preview crawlers (Slack, WhatsApp, LinkedIn, ...) show, and how it will look.
 * The image is named, not loaded: pages of lsk load nothing from other hosts.
 */
export function PreviewEditor({ draft, set, error, shortUrl }: GroupProps & { shortUrl: string }) {
  const title = draft.preview_title.trim() || draft.title.trim() || shortUrl;
  let imageHost = '';
  try {
    imageHost = draft.preview_image.trim() ? new URL(draft.preview_image.trim()).host : '';
  } catch {
    imageHost = '';
  }
  return (
    <fieldset class="group">
      <legend>Social preview</legend>
      <p class="muted">What a shared short link shows in chats and social networks. Empty: crawlers are redirected like everyone else.</p>
      <div class="preview-editor">
        <div class="preview-fields">
          <InputField
            id="preview-title"
            label="Card title"
            maxLength={120}
            error={error?.fields['preview.title']}
            value={draft.preview_title}
            onValue={(preview_title) => set({ preview_title })}
          />
          <InputField
            id="preview-description"
            label="Card description"
            maxLength={300}
            error={error?.fields['preview.description']}
            value={draft.preview_description}
            onValue={(preview_description) => set({ preview_description })}
          />
          <InputField
            id="preview-image"
            label="Card image (https URL)"
            type="url"
            placeholder="https://example.com/card.png"
            error={error?.fields['preview.image']}
            value={draft.preview_image}
            onValue={(preview_image) => set({ preview_image })}
          />
        </div>
        <figure class="share-card" aria-label="How the share card looks">
          <div class="share-image">{imageHost ? `Image from ${imageHost}` : 'No image'}</div>
          <figcaption>
            <small>{shortUrl.replace(/^https?:\/\//, '').split('/')[0]}</small>
            <strong>{title}</strong>
            {draft.preview_description.trim() ? <span>{draft.preview_description.trim()}</span> : null}
          </figcaption>
        </figure>
      </div>
    </fieldset>
  );
}
