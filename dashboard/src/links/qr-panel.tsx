import { useState } from 'preact/hooks';
import { gql, present } from '../api/graphql';
import { graphql } from '../gql';
import type { QrEcc, QrFormat } from '../gql/graphql';
import { base64Blob, saveBlob } from '../ui/download';
import { describedBy, Field } from '../ui/field';
import { Icon } from '../ui/icons';
import { ErrorBox, Loading } from '../ui/states';
import { useMutation, useQuery } from '../ui/use-query';

const LinkQrQuery = graphql(`
  query DashboardLinkQr($id: ID!, $format: QrFormat, $size: Int, $margin: Int, $ecc: QrEcc, $fg: String, $bg: String) {
    linkQrCode(id: $id, format: $format, size: $size, margin: $margin, ecc: $ecc, fg: $fg, bg: $bg) {
      content_type
      base64
    }
  }
`);

/** The drawing options, as the API takes them (colours RRGGBB without the #). */
interface QrOptions {
  size: number;
  margin: number;
  ecc: QrEcc;
  fg: string;
  bg: string;
}

/** Each error-correction level of the schema's QrEcc, with the share of the code that may be lost. */
const ECC_LABELS: Record<QrEcc, string> = { L: 'L (7%)', M: 'M (15%)', Q: 'Q (25%)', H: 'H (30%)' };
const isEcc = (v: string): v is QrEcc => Object.hasOwn(ECC_LABELS, v);

const HINTS = { size: '64 to 2048 pixels.', margin: 'Quiet zone, 0 to 16 modules.' };

/** A preview of the link's QR code with its options, and downloads as SVG or PNG drawn by the API. */
export function QrPanel({ id, alias, shortUrl }: { id: string; alias: string; shortUrl: string }) {
  const [opts, setOpts] = useState<QrOptions>({ size: 512, margin: 2, ecc: 'M', fg: '000000', bg: 'FFFFFF' });
  const preview = useQuery(() => gql(LinkQrQuery, { id, format: 'svg', ...opts }).then((d) => present(d.linkQrCode, 'link')), [id, JSON.stringify(opts)]);
  const download = useMutation(async (format: QrFormat) => {
    const qr = present((await gql(LinkQrQuery, { id, format, ...opts })).linkQrCode, 'link');
    saveBlob(base64Blob(qr.base64, qr.content_type), `${alias.replaceAll('/', '-')}-qr.${format}`);
  });
  const set = (patch: Partial<QrOptions>) => setOpts((o) => ({ ...o, ...patch }));
  const error = preview.error ?? download.error;
  const err = (f: keyof QrOptions) => error?.field(f);
  const whole = error && Object.keys(error.fields).length === 0 ? error : undefined;
  const num = (e: Event) => Number((e.currentTarget as HTMLInputElement).value);
  const colour = (e: Event) => (e.currentTarget as HTMLInputElement).value.replace('#', '').toUpperCase();
  return (
    <section aria-labelledby="qr-h" class="card qr">
      <h2 id="qr-h">QR code</h2>
      <div class="qr-body">
        <div class="qr-preview">
          {preview.data ? (
            <img src={`data:${preview.data.content_type};base64,${preview.data.base64}`} alt={`QR code of ${shortUrl}`} width={200} height={200} />
          ) : preview.loading ? (
            <Loading label="Drawing the QR code…" />
          ) : null}
        </div>
        <form class="qr-options" onSubmit={(e) => e.preventDefault()} aria-label="QR code options">
          <Field id="qr-size" label="Size" hint={HINTS.size} error={err('size')}>
            <input
              {...describedBy('qr-size', HINTS.size, err('size'))}
              type="number"
              min={64}
              max={2048}
              step={1}
              value={opts.size}
              onChange={(e) => set({ size: num(e) })}
            />
          </Field>
          <Field id="qr-margin" label="Margin" hint={HINTS.margin} error={err('margin')}>
            <input
              {...describedBy('qr-margin', HINTS.margin, err('margin'))}
              type="number"
              min={0}
              max={16}
              step={1}
              value={opts.margin}
              onChange={(e) => set({ margin: num(e) })}
            />
          </Field>
          <Field id="qr-ecc" label="Error correction" error={err('ecc')}>
            <select
              {...describedBy('qr-ecc', undefined, err('ecc'))}
              value={opts.ecc}
              onChange={(e) => isEcc(e.currentTarget.value) && set({ ecc: e.currentTarget.value })}
            >
              {Object.entries(ECC_LABELS).map(([level, label]) => (
                <option key={level} value={level}>
                  {label}
                </option>
              ))}
            </select>
          </Field>
          <div class="two">
            <Field id="qr-fg" label="Colour" error={err('fg')}>
              <input {...describedBy('qr-fg', undefined, err('fg'))} type="color" value={`#${opts.fg}`} onChange={(e) => set({ fg: colour(e) })} />
            </Field>
            <Field id="qr-bg" label="Background" error={err('bg')}>
              <input {...describedBy('qr-bg', undefined, err('bg'))} type="color" value={`#${opts.bg}`} onChange={(e) => set({ bg: colour(e) })} />
            </Field>
          </div>
          <div class="actions">
            <button type="button" onClick={() => download.run('svg')} disabled={download.pending}>
              <Icon name="download" /> Download SVG
            </button>
            <button type="button" onClick={() => download.run('png')} disabled={download.pending}>
              <Icon name="download" /> Download PNG
            </button>
          </div>
        </form>
      </div>
      {whole ? <ErrorBox error={whole} retry={preview.error ? preview.reload : undefined} /> : null}
    </section>
  );
}
