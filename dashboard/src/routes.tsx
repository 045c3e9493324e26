import type { FunctionComponent } from 'preact';
import { useEffect } from 'preact/hooks';
import { AccountPage } from './account/account-page';
import { AnalyticsPage } from './analytics/analytics-page';
import { AuditPage } from './audit/audit-page';
import { DomainSettingsPage } from './domains/domain-settings-page';
import { DomainsPage } from './domains/domains-page';
import { KeysPage } from './keys/keys-page';
import { ImportPage } from './links/import/import-page';
import { LinkDetailPage } from './links/link-detail-page';
import { LinkEditPage, LinkNewPage } from './links/link-edit-page';
import { LinksPage } from './links/links-page';
import { MembersPage } from './members/members-page';
import { ReportsPage } from './reports/reports-page';
import { match, navigate, type Params } from './router';
import { TagsPage } from './tags/tags-page';
import { UtmTemplatesPage } from './utm/utm-templates-page';
import { WebhookPage } from './webhooks/webhook-page';
import { WebhooksPage } from './webhooks/webhooks-page';
import { WorkspacePage } from './workspace/workspace-page';

const ROUTES: [string, FunctionComponent<Params>, string][] = [
  ['/links', LinksPage, 'Links'],
  ['/links/new', LinkNewPage, 'New link'],
  ['/links/import', ImportPage, 'Import links'],
  ['/links/:id', LinkDetailPage, 'Link'],
  ['/links/:id/edit', LinkEditPage, 'Edit link'],
  ['/tags', TagsPage, 'Tags'],
  ['/analytics', AnalyticsPage, 'Analytics'],
  ['/reports', ReportsPage, 'Reports'],
  ['/domains', DomainsPage, 'Domains'],
  ['/domains/:host', DomainSettingsPage, 'Domain settings'],
  ['/utm-templates', UtmTemplatesPage, 'UTM templates'],
  ['/keys', KeysPage, 'API keys'],
  ['/members', MembersPage, 'Members'],
  ['/workspace', WorkspacePage, 'Workspace'],
  ['/account', AccountPage, 'Account'],
  ['/webhooks', WebhooksPage, 'Webhooks'],
  ['/webhooks/:id', WebhookPage, 'Webhook'],
  ['/audit', AuditPage, 'Audit log'],
];

export function Routes({ path }: { path: string }) {
  useEffect(() => {
    if (path === '/') navigate('/links', true);
  }, [path]);
  for (const [pattern, Page, title] of ROUTES) {
    const params = match(pattern, path);
    if (params) {
      document.title = `${title} · lsk`;
      return <Page key={path} {...params} />;
    }
  }
  if (path === '/') return null;
  document.title = 'Not found · lsk';
  return (
    <section>
      <h1>Page not found</h1>
      <p>
        Nothing lives at <code>/dashboard{path}</code>. <a href="/dashboard/links">Go to your links</a>.
      </p>
    </section>
  );
}
