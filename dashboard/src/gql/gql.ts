/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment AnalyticsAnswer on Analytics {\n    group_by\n    from\n    to\n    interval\n    timezone\n    total {\n      clicks\n      bots\n    }\n    previous {\n      from\n      to\n      total {\n        clicks\n        bots\n      }\n    }\n    data {\n      key\n      clicks\n      previous_clicks\n      alias\n      short_url\n      hosts\n    }\n  }\n": typeof types.AnalyticsAnswerFragmentDoc,
    "\n  query DashboardAnalytics(\n    $group_by: AnalyticsGroupBy\n    $from: String\n    $to: String\n    $interval: AnalyticsInterval\n    $timezone: String\n    $limit: Int\n    $filter: ClickFilter\n    $compare: AnalyticsCompare\n  ) {\n    analytics(group_by: $group_by, from: $from, to: $to, interval: $interval, timezone: $timezone, limit: $limit, filter: $filter, compare: $compare) {\n      ...AnalyticsAnswer\n      data {\n        link {\n          id\n          title\n        }\n      }\n    }\n  }\n": typeof types.DashboardAnalyticsDocument,
    "\n  query DashboardClickEvents($from: String, $to: String, $timezone: String, $limit: Int, $cursor: String, $filter: ClickFilter) {\n    clickEvents(from: $from, to: $to, timezone: $timezone, limit: $limit, cursor: $cursor, filter: $filter) {\n      data {\n        timestamp\n        link_id\n        short_url\n        link {\n          id\n          title\n        }\n        country\n        region\n        city\n        device\n        browser\n        os\n        referrer\n        referrer_url\n        utm_source\n        utm_medium\n        utm_campaign\n        trigger\n        language\n      }\n      next_cursor\n    }\n  }\n": typeof types.DashboardClickEventsDocument,
    "\n  query DashboardLinkName($id: ID!) {\n    link(id: $id) {\n      id\n      short_url\n      title\n    }\n  }\n": typeof types.DashboardLinkNameDocument,
    "\n  query DashboardAnalyticsShares {\n    analyticsShares(limit: 100) {\n      data {\n        id\n        link_id\n        tag\n        domain\n        expires_at\n        created_at\n        created_by {\n          label\n        }\n      }\n      next_cursor\n    }\n  }\n": typeof types.DashboardAnalyticsSharesDocument,
    "\n  mutation DashboardCreateAnalyticsShare($link_id: ID, $tag: String, $domain: String, $expires_at: String) {\n    createAnalyticsShare(link_id: $link_id, tag: $tag, domain: $domain, expires_at: $expires_at) {\n      id\n      url\n    }\n  }\n": typeof types.DashboardCreateAnalyticsShareDocument,
    "\n  mutation DashboardDeleteAnalyticsShare($id: ID!) {\n    deleteAnalyticsShare(id: $id)\n  }\n": typeof types.DashboardDeleteAnalyticsShareDocument,
    "\n  query DashboardSharedAnalytics(\n    $token: String!\n    $group_by: AnalyticsGroupBy\n    $from: String\n    $to: String\n    $interval: AnalyticsInterval\n    $timezone: String\n    $limit: Int\n    $filter: ClickFilter\n    $compare: AnalyticsCompare\n  ) {\n    sharedAnalytics(\n      token: $token\n      group_by: $group_by\n      from: $from\n      to: $to\n      interval: $interval\n      timezone: $timezone\n      limit: $limit\n      filter: $filter\n      compare: $compare\n    ) {\n      kind\n      label\n      expires_at\n      analytics {\n        ...AnalyticsAnswer\n      }\n    }\n  }\n": typeof types.DashboardSharedAnalyticsDocument,
    "\n  query DashboardAuditLog($action: String, $actor_id: String, $target_id: String, $from: String, $to: String, $limit: Int, $cursor: String) {\n    auditLog(action: $action, actor_id: $actor_id, target_id: $target_id, from: $from, to: $to, limit: $limit, cursor: $cursor) {\n      data {\n        id\n        at\n        action\n        actor {\n          type\n          id\n          label\n        }\n        target {\n          type\n          id\n        }\n        request_id\n      }\n      next_cursor\n    }\n  }\n": typeof types.DashboardAuditLogDocument,
    "\n  fragment DomainSettingsFields on Domain {\n    host\n    root_url\n    not_found_url\n    expired_url\n    crawlable\n    apple_app_site_association\n    assetlinks\n  }\n": typeof types.DomainSettingsFieldsFragmentDoc,
    "\n  query DashboardDomainSettings {\n    domains {\n      data {\n        ...DomainSettingsFields\n      }\n    }\n  }\n": typeof types.DashboardDomainSettingsDocument,
    "\n  mutation DashboardUpdateDomain(\n    $domain: String!, $root_url: String, $not_found_url: String, $expired_url: String, $crawlable: Boolean,\n    $apple_app_site_association: AppSiteAssociation, $assetlinks: AssetLinks\n  ) {\n    updateDomain(\n      domain: $domain, root_url: $root_url, not_found_url: $not_found_url, expired_url: $expired_url, crawlable: $crawlable,\n      apple_app_site_association: $apple_app_site_association, assetlinks: $assetlinks\n    ) {\n      ...DomainSettingsFields\n    }\n  }\n": typeof types.DashboardUpdateDomainDocument,
    "\n  query DashboardDomains {\n    domains {\n      data {\n        host\n        created_at\n      }\n    }\n  }\n": typeof types.DashboardDomainsDocument,
    "\n  mutation DashboardCreateDomain($host: String!) {\n    createDomain(host: $host) {\n      host\n    }\n  }\n": typeof types.DashboardCreateDomainDocument,
    "\n  mutation DashboardDeleteDomain($host: String!) {\n    deleteDomain(host: $host)\n  }\n": typeof types.DashboardDeleteDomainDocument,
    "\n  query DashboardKeys {\n    keys {\n      data {\n        id\n        name\n        created_at\n        expires_at\n        last_used_at\n        revoked_at\n        scopes\n        domains\n        tags\n      }\n    }\n  }\n": typeof types.DashboardKeysDocument,
    "\n  query DashboardKeyChoices {\n    viewer {\n      scopes\n    }\n    domains {\n      data {\n        host\n      }\n    }\n    tags {\n      data {\n        name\n      }\n    }\n  }\n": typeof types.DashboardKeyChoicesDocument,
    "\n  mutation DashboardCreateKey($name: String, $scopes: [String!], $domains: [String!], $tags: [String!]) {\n    createKey(name: $name, scopes: $scopes, domains: $domains, tags: $tags) {\n      id\n      name\n      key\n      expires_at\n    }\n  }\n": typeof types.DashboardCreateKeyDocument,
    "\n  mutation DashboardRevokeKey($id: ID!) {\n    revokeKey(id: $id) {\n      id\n      revoked_at\n    }\n  }\n": typeof types.DashboardRevokeKeyDocument,
    "\n  fragment BulkItemErrorFields on BulkItemError {\n    code\n    message\n    details {\n      path\n      message\n    }\n  }\n": typeof types.BulkItemErrorFieldsFragmentDoc,
    "\n  mutation DashboardCreateLinks($links: [LinkFields!]!) {\n    createLinks(links: $links) {\n      data {\n        link {\n          id\n        }\n        error {\n          ...BulkItemErrorFields\n        }\n      }\n    }\n  }\n": typeof types.DashboardCreateLinksDocument,
    "\n  mutation DashboardUpdateLinks($ids: [ID!]!, $add_tags: [String!], $remove_tags: [String!]) {\n    updateLinks(ids: $ids, add_tags: $add_tags, remove_tags: $remove_tags) {\n      data {\n        link {\n          id\n          tags\n        }\n        error {\n          ...BulkItemErrorFields\n        }\n      }\n    }\n  }\n": typeof types.DashboardUpdateLinksDocument,
    "\n  mutation DashboardDeleteLinks($ids: [ID!]!) {\n    deleteLinks(ids: $ids) {\n      deleted\n      not_found\n    }\n  }\n": typeof types.DashboardDeleteLinksDocument,
    "\n  fragment LinkFields on Link {\n    id\n    short_url\n    domain\n    alias\n    destination\n    geo_targeting\n    tags\n    clicks\n    title\n    external_id\n    status\n    expires_at\n    expired_url\n    max_clicks\n    password_protected\n    device_targeting\n    rules\n    variants\n    utm\n    preview\n    created_at\n    updated_at\n    destination_health {\n      status\n      http_status\n      checked_at\n    }\n  }\n": typeof types.LinkFieldsFragmentDoc,
    "\n  query DashboardLinks($limit: Int, $cursor: String, $tag: String, $domain: String, $q: String, $status: LinkStatus, $health: LinkHealthFilter, $sort: LinkSort) {\n    links(limit: $limit, cursor: $cursor, tag: $tag, domain: $domain, q: $q, status: $status, health: $health, sort: $sort) {\n      data {\n        ...LinkFields\n      }\n      next_cursor\n    }\n  }\n": typeof types.DashboardLinksDocument,
    "\n  query DashboardLinkCount($tag: String, $domain: String, $q: String, $status: LinkStatus, $health: LinkHealthFilter) {\n    linkCount(tag: $tag, domain: $domain, q: $q, status: $status, health: $health) {\n      total\n    }\n  }\n": typeof types.DashboardLinkCountDocument,
    "\n  query DashboardUtmTemplates {\n    utmTemplates {\n      data {\n        id\n        name\n        source\n        medium\n        campaign\n        term\n        content\n      }\n    }\n  }\n": typeof types.DashboardUtmTemplatesDocument,
    "\n  query DashboardLinkFilters {\n    tags {\n      data {\n        name\n      }\n    }\n    domains {\n      data {\n        host\n      }\n      default_host\n    }\n  }\n": typeof types.DashboardLinkFiltersDocument,
    "\n  query DashboardLink($id: ID!) {\n    link(id: $id) {\n      ...LinkFields\n    }\n  }\n": typeof types.DashboardLinkDocument,
    "\n  mutation DashboardCreateLink(\n    $destination: String!, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!],\n    $title: String, $external_id: String, $expires_at: String, $expired_url: String, $max_clicks: Int, $password: String, $device_targeting: DeviceTargeting,\n    $rules: LinkRules, $variants: LinkVariants, $utm: Utm, $preview: LinkPreview\n  ) {\n    createLink(\n      destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo_targeting, tags: $tags,\n      title: $title, external_id: $external_id, expires_at: $expires_at, expired_url: $expired_url, max_clicks: $max_clicks, password: $password, device_targeting: $device_targeting,\n      rules: $rules, variants: $variants, utm: $utm, preview: $preview\n    ) {\n      ...LinkFields\n    }\n  }\n": typeof types.DashboardCreateLinkDocument,
    "\n  mutation DashboardUpdateLink(\n    $id: ID!, $destination: String, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!],\n    $title: String, $external_id: String, $expires_at: String, $expired_url: String, $max_clicks: Int, $password: String, $device_targeting: DeviceTargeting,\n    $rules: LinkRules, $variants: LinkVariants, $utm: Utm, $preview: LinkPreview\n  ) {\n    updateLink(\n      id: $id, destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo_targeting, tags: $tags,\n      title: $title, external_id: $external_id, expires_at: $expires_at, expired_url: $expired_url, max_clicks: $max_clicks, password: $password, device_targeting: $device_targeting,\n      rules: $rules, variants: $variants, utm: $utm, preview: $preview\n    ) {\n      ...LinkFields\n    }\n  }\n": typeof types.DashboardUpdateLinkDocument,
    "\n  mutation DashboardDeleteLink($id: ID!) {\n    deleteLink(id: $id)\n  }\n": typeof types.DashboardDeleteLinkDocument,
    "\n  query DashboardLinkQr($id: ID!, $format: QrFormat, $size: Int, $margin: Int, $ecc: QrEcc, $fg: String, $bg: String) {\n    linkQrCode(id: $id, format: $format, size: $size, margin: $margin, ecc: $ecc, fg: $fg, bg: $bg) {\n      content_type\n      base64\n    }\n  }\n": typeof types.DashboardLinkQrDocument,
    "\n  query DashboardInvites {\n    invites {\n      data {\n        id\n        email\n        role\n        expires_at\n      }\n    }\n  }\n": typeof types.DashboardInvitesDocument,
    "\n  mutation DashboardCreateInvite($email: String!, $role: Role!) {\n    createInvite(email: $email, role: $role) {\n      id\n      email\n      url\n    }\n  }\n": typeof types.DashboardCreateInviteDocument,
    "\n  mutation DashboardRevokeInvite($id: ID!) {\n    revokeInvite(id: $id)\n  }\n": typeof types.DashboardRevokeInviteDocument,
    "\n  query DashboardMembers {\n    members {\n      data {\n        user_id\n        email\n        name\n        role\n        created_at\n      }\n    }\n  }\n": typeof types.DashboardMembersDocument,
    "\n  mutation DashboardUpdateMember($user_id: ID!, $role: Role!) {\n    updateMember(user_id: $user_id, role: $role) {\n      user_id\n      role\n    }\n  }\n": typeof types.DashboardUpdateMemberDocument,
    "\n  mutation DashboardRemoveMember($user_id: ID!) {\n    removeMember(user_id: $user_id)\n  }\n": typeof types.DashboardRemoveMemberDocument,
    "\n  query DashboardAnalyticsReports {\n    analyticsReports {\n      data {\n        id\n        frequency\n        timezone\n        link_id\n        tag\n        domain\n        recipients\n        next_run_at\n        last_sent_at\n        email_enabled\n      }\n    }\n  }\n": typeof types.DashboardAnalyticsReportsDocument,
    "\n  query DashboardReportMembers {\n    members {\n      data {\n        user_id\n        email\n      }\n    }\n  }\n": typeof types.DashboardReportMembersDocument,
    "\n  mutation DashboardCreateAnalyticsReport(\n    $frequency: ReportFrequency!\n    $timezone: String\n    $link_id: String\n    $tag: String\n    $domain: String\n    $recipients: [String!]!\n  ) {\n    createAnalyticsReport(frequency: $frequency, timezone: $timezone, link_id: $link_id, tag: $tag, domain: $domain, recipients: $recipients) {\n      id\n    }\n  }\n": typeof types.DashboardCreateAnalyticsReportDocument,
    "\n  mutation DashboardSendAnalyticsReport($id: ID!) {\n    sendAnalyticsReport(id: $id) {\n      id\n      recipients\n      period_from\n      period_to\n    }\n  }\n": typeof types.DashboardSendAnalyticsReportDocument,
    "\n  mutation DashboardDeleteAnalyticsReport($id: ID!) {\n    deleteAnalyticsReport(id: $id)\n  }\n": typeof types.DashboardDeleteAnalyticsReportDocument,
    "\n  mutation DashboardUpdateAnalyticsReportFrequency($id: ID!, $frequency: ReportFrequency!) {\n    updateAnalyticsReport(id: $id, frequency: $frequency) {\n      id\n    }\n  }\n": typeof types.DashboardUpdateAnalyticsReportFrequencyDocument,
    "\n  query DashboardReportLinkSearch($q: String!, $alias: String!, $byAlias: Boolean!) {\n    links(q: $q, limit: 8) {\n      data {\n        id\n        short_url\n        title\n        destination\n      }\n    }\n    byAlias: links(q: $alias, limit: 8) @include(if: $byAlias) {\n      data {\n        id\n        short_url\n        title\n        destination\n      }\n    }\n  }\n": typeof types.DashboardReportLinkSearchDocument,
    "\n  query DashboardTags {\n    tags {\n      data {\n        name\n        links\n        created_at\n      }\n    }\n  }\n": typeof types.DashboardTagsDocument,
    "\n  mutation DashboardUpdateTag($tag: String!, $name: String!) {\n    updateTag(tag: $tag, name: $name) {\n      name\n      links\n    }\n  }\n": typeof types.DashboardUpdateTagDocument,
    "\n  mutation DashboardDeleteTag($name: String!) {\n    deleteTag(name: $name)\n  }\n": typeof types.DashboardDeleteTagDocument,
    "\n  mutation DashboardCreateUtmTemplate($name: String!, $source: String, $medium: String, $campaign: String, $term: String, $content: String) {\n    createUtmTemplate(name: $name, source: $source, medium: $medium, campaign: $campaign, term: $term, content: $content) {\n      id\n    }\n  }\n": typeof types.DashboardCreateUtmTemplateDocument,
    "\n  mutation DashboardUpdateUtmTemplate($id: ID!, $name: String, $source: String, $medium: String, $campaign: String, $term: String, $content: String) {\n    updateUtmTemplate(id: $id, name: $name, source: $source, medium: $medium, campaign: $campaign, term: $term, content: $content) {\n      id\n    }\n  }\n": typeof types.DashboardUpdateUtmTemplateDocument,
    "\n  query DashboardUtmTemplate($id: ID!) {\n    utmTemplate(id: $id) {\n      id\n      name\n      source\n      medium\n      campaign\n      term\n      content\n    }\n  }\n": typeof types.DashboardUtmTemplateDocument,
    "\n  mutation DashboardDeleteUtmTemplate($id: ID!) {\n    deleteUtmTemplate(id: $id)\n  }\n": typeof types.DashboardDeleteUtmTemplateDocument,
    "\n  fragment WebhookFields on WebhookEndpoint {\n    id\n    url\n    events\n    description\n    enabled\n    created_at\n  }\n": typeof types.WebhookFieldsFragmentDoc,
    "\n  query DashboardWebhooks {\n    webhooks {\n      data {\n        ...WebhookFields\n      }\n    }\n  }\n": typeof types.DashboardWebhooksDocument,
    "\n  query DashboardWebhook($id: ID!) {\n    webhook(id: $id) {\n      ...WebhookFields\n    }\n  }\n": typeof types.DashboardWebhookDocument,
    "\n  query DashboardWebhookDeliveries($id: ID!, $limit: Int, $cursor: String) {\n    webhookDeliveries(id: $id, limit: $limit, cursor: $cursor) {\n      data {\n        id\n        event_type\n        status\n        attempts\n        last_status_code\n        last_error\n        last_duration_ms\n        next_attempt_at\n        created_at\n        delivered_at\n      }\n      next_cursor\n    }\n  }\n": typeof types.DashboardWebhookDeliveriesDocument,
    "\n  mutation DashboardCreateWebhook($url: String!, $events: [String!]!, $description: String) {\n    createWebhook(url: $url, events: $events, description: $description) {\n      id\n      secret\n    }\n  }\n": typeof types.DashboardCreateWebhookDocument,
    "\n  mutation DashboardUpdateWebhook($id: ID!, $url: String, $events: [String!], $description: String, $enabled: Boolean) {\n    updateWebhook(id: $id, url: $url, events: $events, description: $description, enabled: $enabled) {\n      ...WebhookFields\n    }\n  }\n": typeof types.DashboardUpdateWebhookDocument,
    "\n  mutation DashboardDeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": typeof types.DashboardDeleteWebhookDocument,
    "\n  mutation DashboardRotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      id\n      secret\n    }\n  }\n": typeof types.DashboardRotateWebhookSecretDocument,
    "\n  mutation DashboardTestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      id\n    }\n  }\n": typeof types.DashboardTestWebhookDocument,
    "\n  mutation DashboardRetryWebhookDelivery($id: ID!, $delivery_id: ID!) {\n    retryWebhookDelivery(id: $id, delivery_id: $delivery_id) {\n      id\n      status\n    }\n  }\n": typeof types.DashboardRetryWebhookDeliveryDocument,
    "\n  mutation DashboardDeleteWorkspace($confirm: String!) {\n    deleteWorkspace(confirm: $confirm)\n  }\n": typeof types.DashboardDeleteWorkspaceDocument,
    "\n  mutation DashboardRequireTwoFactor($require_2fa: Boolean!) {\n    updateWorkspace(require_2fa: $require_2fa) {\n      id\n      require_2fa\n    }\n  }\n": typeof types.DashboardRequireTwoFactorDocument,
    "\n  query DashboardWorkspace {\n    workspace {\n      id\n      slug\n      plan\n      rate_limit_rpm\n      require_2fa\n    }\n    viewer {\n      role\n      scopes\n    }\n  }\n": typeof types.DashboardWorkspaceDocument,
};
const documents: Documents = {
    "\n  fragment AnalyticsAnswer on Analytics {\n    group_by\n    from\n    to\n    interval\n    timezone\n    total {\n      clicks\n      bots\n    }\n    previous {\n      from\n      to\n      total {\n        clicks\n        bots\n      }\n    }\n    data {\n      key\n      clicks\n      previous_clicks\n      alias\n      short_url\n      hosts\n    }\n  }\n": types.AnalyticsAnswerFragmentDoc,
    "\n  query DashboardAnalytics(\n    $group_by: AnalyticsGroupBy\n    $from: String\n    $to: String\n    $interval: AnalyticsInterval\n    $timezone: String\n    $limit: Int\n    $filter: ClickFilter\n    $compare: AnalyticsCompare\n  ) {\n    analytics(group_by: $group_by, from: $from, to: $to, interval: $interval, timezone: $timezone, limit: $limit, filter: $filter, compare: $compare) {\n      ...AnalyticsAnswer\n      data {\n        link {\n          id\n          title\n        }\n      }\n    }\n  }\n": types.DashboardAnalyticsDocument,
    "\n  query DashboardClickEvents($from: String, $to: String, $timezone: String, $limit: Int, $cursor: String, $filter: ClickFilter) {\n    clickEvents(from: $from, to: $to, timezone: $timezone, limit: $limit, cursor: $cursor, filter: $filter) {\n      data {\n        timestamp\n        link_id\n        short_url\n        link {\n          id\n          title\n        }\n        country\n        region\n        city\n        device\n        browser\n        os\n        referrer\n        referrer_url\n        utm_source\n        utm_medium\n        utm_campaign\n        trigger\n        language\n      }\n      next_cursor\n    }\n  }\n": types.DashboardClickEventsDocument,
    "\n  query DashboardLinkName($id: ID!) {\n    link(id: $id) {\n      id\n      short_url\n      title\n    }\n  }\n": types.DashboardLinkNameDocument,
    "\n  query DashboardAnalyticsShares {\n    analyticsShares(limit: 100) {\n      data {\n        id\n        link_id\n        tag\n        domain\n        expires_at\n        created_at\n        created_by {\n          label\n        }\n      }\n      next_cursor\n    }\n  }\n": types.DashboardAnalyticsSharesDocument,
    "\n  mutation DashboardCreateAnalyticsShare($link_id: ID, $tag: String, $domain: String, $expires_at: String) {\n    createAnalyticsShare(link_id: $link_id, tag: $tag, domain: $domain, expires_at: $expires_at) {\n      id\n      url\n    }\n  }\n": types.DashboardCreateAnalyticsShareDocument,
    "\n  mutation DashboardDeleteAnalyticsShare($id: ID!) {\n    deleteAnalyticsShare(id: $id)\n  }\n": types.DashboardDeleteAnalyticsShareDocument,
    "\n  query DashboardSharedAnalytics(\n    $token: String!\n    $group_by: AnalyticsGroupBy\n    $from: String\n    $to: String\n    $interval: AnalyticsInterval\n    $timezone: String\n    $limit: Int\n    $filter: ClickFilter\n    $compare: AnalyticsCompare\n  ) {\n    sharedAnalytics(\n      token: $token\n      group_by: $group_by\n      from: $from\n      to: $to\n      interval: $interval\n      timezone: $timezone\n      limit: $limit\n      filter: $filter\n      compare: $compare\n    ) {\n      kind\n      label\n      expires_at\n      analytics {\n        ...AnalyticsAnswer\n      }\n    }\n  }\n": types.DashboardSharedAnalyticsDocument,
    "\n  query DashboardAuditLog($action: String, $actor_id: String, $target_id: String, $from: String, $to: String, $limit: Int, $cursor: String) {\n    auditLog(action: $action, actor_id: $actor_id, target_id: $target_id, from: $from, to: $to, limit: $limit, cursor: $cursor) {\n      data {\n        id\n        at\n        action\n        actor {\n          type\n          id\n          label\n        }\n        target {\n          type\n          id\n        }\n        request_id\n      }\n      next_cursor\n    }\n  }\n": types.DashboardAuditLogDocument,
    "\n  fragment DomainSettingsFields on Domain {\n    host\n    root_url\n    not_found_url\n    expired_url\n    crawlable\n    apple_app_site_association\n    assetlinks\n  }\n": types.DomainSettingsFieldsFragmentDoc,
    "\n  query DashboardDomainSettings {\n    domains {\n      data {\n        ...DomainSettingsFields\n      }\n    }\n  }\n": types.DashboardDomainSettingsDocument,
    "\n  mutation DashboardUpdateDomain(\n    $domain: String!, $root_url: String, $not_found_url: String, $expired_url: String, $crawlable: Boolean,\n    $apple_app_site_association: AppSiteAssociation, $assetlinks: AssetLinks\n  ) {\n    updateDomain(\n      domain: $domain, root_url: $root_url, not_found_url: $not_found_url, expired_url: $expired_url, crawlable: $crawlable,\n      apple_app_site_association: $apple_app_site_association, assetlinks: $assetlinks\n    ) {\n      ...DomainSettingsFields\n    }\n  }\n": types.DashboardUpdateDomainDocument,
    "\n  query DashboardDomains {\n    domains {\n      data {\n        host\n        created_at\n      }\n    }\n  }\n": types.DashboardDomainsDocument,
    "\n  mutation DashboardCreateDomain($host: String!) {\n    createDomain(host: $host) {\n      host\n    }\n  }\n": types.DashboardCreateDomainDocument,
    "\n  mutation DashboardDeleteDomain($host: String!) {\n    deleteDomain(host: $host)\n  }\n": types.DashboardDeleteDomainDocument,
    "\n  query DashboardKeys {\n    keys {\n      data {\n        id\n        name\n        created_at\n        expires_at\n        last_used_at\n        revoked_at\n        scopes\n        domains\n        tags\n      }\n    }\n  }\n": types.DashboardKeysDocument,
    "\n  query DashboardKeyChoices {\n    viewer {\n      scopes\n    }\n    domains {\n      data {\n        host\n      }\n    }\n    tags {\n      data {\n        name\n      }\n    }\n  }\n": types.DashboardKeyChoicesDocument,
    "\n  mutation DashboardCreateKey($name: String, $scopes: [String!], $domains: [String!], $tags: [String!]) {\n    createKey(name: $name, scopes: $scopes, domains: $domains, tags: $tags) {\n      id\n      name\n      key\n      expires_at\n    }\n  }\n": types.DashboardCreateKeyDocument,
    "\n  mutation DashboardRevokeKey($id: ID!) {\n    revokeKey(id: $id) {\n      id\n      revoked_at\n    }\n  }\n": types.DashboardRevokeKeyDocument,
    "\n  fragment BulkItemErrorFields on BulkItemError {\n    code\n    message\n    details {\n      path\n      message\n    }\n  }\n": types.BulkItemErrorFieldsFragmentDoc,
    "\n  mutation DashboardCreateLinks($links: [LinkFields!]!) {\n    createLinks(links: $links) {\n      data {\n        link {\n          id\n        }\n        error {\n          ...BulkItemErrorFields\n        }\n      }\n    }\n  }\n": types.DashboardCreateLinksDocument,
    "\n  mutation DashboardUpdateLinks($ids: [ID!]!, $add_tags: [String!], $remove_tags: [String!]) {\n    updateLinks(ids: $ids, add_tags: $add_tags, remove_tags: $remove_tags) {\n      data {\n        link {\n          id\n          tags\n        }\n        error {\n          ...BulkItemErrorFields\n        }\n      }\n    }\n  }\n": types.DashboardUpdateLinksDocument,
    "\n  mutation DashboardDeleteLinks($ids: [ID!]!) {\n    deleteLinks(ids: $ids) {\n      deleted\n      not_found\n    }\n  }\n": types.DashboardDeleteLinksDocument,
    "\n  fragment LinkFields on Link {\n    id\n    short_url\n    domain\n    alias\n    destination\n    geo_targeting\n    tags\n    clicks\n    title\n    external_id\n    status\n    expires_at\n    expired_url\n    max_clicks\n    password_protected\n    device_targeting\n    rules\n    variants\n    utm\n    preview\n    created_at\n    updated_at\n    destination_health {\n      status\n      http_status\n      checked_at\n    }\n  }\n": types.LinkFieldsFragmentDoc,
    "\n  query DashboardLinks($limit: Int, $cursor: String, $tag: String, $domain: String, $q: String, $status: LinkStatus, $health: LinkHealthFilter, $sort: LinkSort) {\n    links(limit: $limit, cursor: $cursor, tag: $tag, domain: $domain, q: $q, status: $status, health: $health, sort: $sort) {\n      data {\n        ...LinkFields\n      }\n      next_cursor\n    }\n  }\n": types.DashboardLinksDocument,
    "\n  query DashboardLinkCount($tag: String, $domain: String, $q: String, $status: LinkStatus, $health: LinkHealthFilter) {\n    linkCount(tag: $tag, domain: $domain, q: $q, status: $status, health: $health) {\n      total\n    }\n  }\n": types.DashboardLinkCountDocument,
    "\n  query DashboardUtmTemplates {\n    utmTemplates {\n      data {\n        id\n        name\n        source\n        medium\n        campaign\n        term\n        content\n      }\n    }\n  }\n": types.DashboardUtmTemplatesDocument,
    "\n  query DashboardLinkFilters {\n    tags {\n      data {\n        name\n      }\n    }\n    domains {\n      data {\n        host\n      }\n      default_host\n    }\n  }\n": types.DashboardLinkFiltersDocument,
    "\n  query DashboardLink($id: ID!) {\n    link(id: $id) {\n      ...LinkFields\n    }\n  }\n": types.DashboardLinkDocument,
    "\n  mutation DashboardCreateLink(\n    $destination: String!, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!],\n    $title: String, $external_id: String, $expires_at: String, $expired_url: String, $max_clicks: Int, $password: String, $device_targeting: DeviceTargeting,\n    $rules: LinkRules, $variants: LinkVariants, $utm: Utm, $preview: LinkPreview\n  ) {\n    createLink(\n      destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo_targeting, tags: $tags,\n      title: $title, external_id: $external_id, expires_at: $expires_at, expired_url: $expired_url, max_clicks: $max_clicks, password: $password, device_targeting: $device_targeting,\n      rules: $rules, variants: $variants, utm: $utm, preview: $preview\n    ) {\n      ...LinkFields\n    }\n  }\n": types.DashboardCreateLinkDocument,
    "\n  mutation DashboardUpdateLink(\n    $id: ID!, $destination: String, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!],\n    $title: String, $external_id: String, $expires_at: String, $expired_url: String, $max_clicks: Int, $password: String, $device_targeting: DeviceTargeting,\n    $rules: LinkRules, $variants: LinkVariants, $utm: Utm, $preview: LinkPreview\n  ) {\n    updateLink(\n      id: $id, destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo_targeting, tags: $tags,\n      title: $title, external_id: $external_id, expires_at: $expires_at, expired_url: $expired_url, max_clicks: $max_clicks, password: $password, device_targeting: $device_targeting,\n      rules: $rules, variants: $variants, utm: $utm, preview: $preview\n    ) {\n      ...LinkFields\n    }\n  }\n": types.DashboardUpdateLinkDocument,
    "\n  mutation DashboardDeleteLink($id: ID!) {\n    deleteLink(id: $id)\n  }\n": types.DashboardDeleteLinkDocument,
    "\n  query DashboardLinkQr($id: ID!, $format: QrFormat, $size: Int, $margin: Int, $ecc: QrEcc, $fg: String, $bg: String) {\n    linkQrCode(id: $id, format: $format, size: $size, margin: $margin, ecc: $ecc, fg: $fg, bg: $bg) {\n      content_type\n      base64\n    }\n  }\n": types.DashboardLinkQrDocument,
    "\n  query DashboardInvites {\n    invites {\n      data {\n        id\n        email\n        role\n        expires_at\n      }\n    }\n  }\n": types.DashboardInvitesDocument,
    "\n  mutation DashboardCreateInvite($email: String!, $role: Role!) {\n    createInvite(email: $email, role: $role) {\n      id\n      email\n      url\n    }\n  }\n": types.DashboardCreateInviteDocument,
    "\n  mutation DashboardRevokeInvite($id: ID!) {\n    revokeInvite(id: $id)\n  }\n": types.DashboardRevokeInviteDocument,
    "\n  query DashboardMembers {\n    members {\n      data {\n        user_id\n        email\n        name\n        role\n        created_at\n      }\n    }\n  }\n": types.DashboardMembersDocument,
    "\n  mutation DashboardUpdateMember($user_id: ID!, $role: Role!) {\n    updateMember(user_id: $user_id, role: $role) {\n      user_id\n      role\n    }\n  }\n": types.DashboardUpdateMemberDocument,
    "\n  mutation DashboardRemoveMember($user_id: ID!) {\n    removeMember(user_id: $user_id)\n  }\n": types.DashboardRemoveMemberDocument,
    "\n  query DashboardAnalyticsReports {\n    analyticsReports {\n      data {\n        id\n        frequency\n        timezone\n        link_id\n        tag\n        domain\n        recipients\n        next_run_at\n        last_sent_at\n        email_enabled\n      }\n    }\n  }\n": types.DashboardAnalyticsReportsDocument,
    "\n  query DashboardReportMembers {\n    members {\n      data {\n        user_id\n        email\n      }\n    }\n  }\n": types.DashboardReportMembersDocument,
    "\n  mutation DashboardCreateAnalyticsReport(\n    $frequency: ReportFrequency!\n    $timezone: String\n    $link_id: String\n    $tag: String\n    $domain: String\n    $recipients: [String!]!\n  ) {\n    createAnalyticsReport(frequency: $frequency, timezone: $timezone, link_id: $link_id, tag: $tag, domain: $domain, recipients: $recipients) {\n      id\n    }\n  }\n": types.DashboardCreateAnalyticsReportDocument,
    "\n  mutation DashboardSendAnalyticsReport($id: ID!) {\n    sendAnalyticsReport(id: $id) {\n      id\n      recipients\n      period_from\n      period_to\n    }\n  }\n": types.DashboardSendAnalyticsReportDocument,
    "\n  mutation DashboardDeleteAnalyticsReport($id: ID!) {\n    deleteAnalyticsReport(id: $id)\n  }\n": types.DashboardDeleteAnalyticsReportDocument,
    "\n  mutation DashboardUpdateAnalyticsReportFrequency($id: ID!, $frequency: ReportFrequency!) {\n    updateAnalyticsReport(id: $id, frequency: $frequency) {\n      id\n    }\n  }\n": types.DashboardUpdateAnalyticsReportFrequencyDocument,
    "\n  query DashboardReportLinkSearch($q: String!, $alias: String!, $byAlias: Boolean!) {\n    links(q: $q, limit: 8) {\n      data {\n        id\n        short_url\n        title\n        destination\n      }\n    }\n    byAlias: links(q: $alias, limit: 8) @include(if: $byAlias) {\n      data {\n        id\n        short_url\n        title\n        destination\n      }\n    }\n  }\n": types.DashboardReportLinkSearchDocument,
    "\n  query DashboardTags {\n    tags {\n      data {\n        name\n        links\n        created_at\n      }\n    }\n  }\n": types.DashboardTagsDocument,
    "\n  mutation DashboardUpdateTag($tag: String!, $name: String!) {\n    updateTag(tag: $tag, name: $name) {\n      name\n      links\n    }\n  }\n": types.DashboardUpdateTagDocument,
    "\n  mutation DashboardDeleteTag($name: String!) {\n    deleteTag(name: $name)\n  }\n": types.DashboardDeleteTagDocument,
    "\n  mutation DashboardCreateUtmTemplate($name: String!, $source: String, $medium: String, $campaign: String, $term: String, $content: String) {\n    createUtmTemplate(name: $name, source: $source, medium: $medium, campaign: $campaign, term: $term, content: $content) {\n      id\n    }\n  }\n": types.DashboardCreateUtmTemplateDocument,
    "\n  mutation DashboardUpdateUtmTemplate($id: ID!, $name: String, $source: String, $medium: String, $campaign: String, $term: String, $content: String) {\n    updateUtmTemplate(id: $id, name: $name, source: $source, medium: $medium, campaign: $campaign, term: $term, content: $content) {\n      id\n    }\n  }\n": types.DashboardUpdateUtmTemplateDocument,
    "\n  query DashboardUtmTemplate($id: ID!) {\n    utmTemplate(id: $id) {\n      id\n      name\n      source\n      medium\n      campaign\n      term\n      content\n    }\n  }\n": types.DashboardUtmTemplateDocument,
    "\n  mutation DashboardDeleteUtmTemplate($id: ID!) {\n    deleteUtmTemplate(id: $id)\n  }\n": types.DashboardDeleteUtmTemplateDocument,
    "\n  fragment WebhookFields on WebhookEndpoint {\n    id\n    url\n    events\n    description\n    enabled\n    created_at\n  }\n": types.WebhookFieldsFragmentDoc,
    "\n  query DashboardWebhooks {\n    webhooks {\n      data {\n        ...WebhookFields\n      }\n    }\n  }\n": types.DashboardWebhooksDocument,
    "\n  query DashboardWebhook($id: ID!) {\n    webhook(id: $id) {\n      ...WebhookFields\n    }\n  }\n": types.DashboardWebhookDocument,
    "\n  query DashboardWebhookDeliveries($id: ID!, $limit: Int, $cursor: String) {\n    webhookDeliveries(id: $id, limit: $limit, cursor: $cursor) {\n      data {\n        id\n        event_type\n        status\n        attempts\n        last_status_code\n        last_error\n        last_duration_ms\n        next_attempt_at\n        created_at\n        delivered_at\n      }\n      next_cursor\n    }\n  }\n": types.DashboardWebhookDeliveriesDocument,
    "\n  mutation DashboardCreateWebhook($url: String!, $events: [String!]!, $description: String) {\n    createWebhook(url: $url, events: $events, description: $description) {\n      id\n      secret\n    }\n  }\n": types.DashboardCreateWebhookDocument,
    "\n  mutation DashboardUpdateWebhook($id: ID!, $url: String, $events: [String!], $description: String, $enabled: Boolean) {\n    updateWebhook(id: $id, url: $url, events: $events, description: $description, enabled: $enabled) {\n      ...WebhookFields\n    }\n  }\n": types.DashboardUpdateWebhookDocument,
    "\n  mutation DashboardDeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n": types.DashboardDeleteWebhookDocument,
    "\n  mutation DashboardRotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      id\n      secret\n    }\n  }\n": types.DashboardRotateWebhookSecretDocument,
    "\n  mutation DashboardTestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      id\n    }\n  }\n": types.DashboardTestWebhookDocument,
    "\n  mutation DashboardRetryWebhookDelivery($id: ID!, $delivery_id: ID!) {\n    retryWebhookDelivery(id: $id, delivery_id: $delivery_id) {\n      id\n      status\n    }\n  }\n": types.DashboardRetryWebhookDeliveryDocument,
    "\n  mutation DashboardDeleteWorkspace($confirm: String!) {\n    deleteWorkspace(confirm: $confirm)\n  }\n": types.DashboardDeleteWorkspaceDocument,
    "\n  mutation DashboardRequireTwoFactor($require_2fa: Boolean!) {\n    updateWorkspace(require_2fa: $require_2fa) {\n      id\n      require_2fa\n    }\n  }\n": types.DashboardRequireTwoFactorDocument,
    "\n  query DashboardWorkspace {\n    workspace {\n      id\n      slug\n      plan\n      rate_limit_rpm\n      require_2fa\n    }\n    viewer {\n      role\n      scopes\n    }\n  }\n": types.DashboardWorkspaceDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AnalyticsAnswer on Analytics {\n    group_by\n    from\n    to\n    interval\n    timezone\n    total {\n      clicks\n      bots\n    }\n    previous {\n      from\n      to\n      total {\n        clicks\n        bots\n      }\n    }\n    data {\n      key\n      clicks\n      previous_clicks\n      alias\n      short_url\n      hosts\n    }\n  }\n"): typeof import('./graphql').AnalyticsAnswerFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardAnalytics(\n    $group_by: AnalyticsGroupBy\n    $from: String\n    $to: String\n    $interval: AnalyticsInterval\n    $timezone: String\n    $limit: Int\n    $filter: ClickFilter\n    $compare: AnalyticsCompare\n  ) {\n    analytics(group_by: $group_by, from: $from, to: $to, interval: $interval, timezone: $timezone, limit: $limit, filter: $filter, compare: $compare) {\n      ...AnalyticsAnswer\n      data {\n        link {\n          id\n          title\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardAnalyticsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardClickEvents($from: String, $to: String, $timezone: String, $limit: Int, $cursor: String, $filter: ClickFilter) {\n    clickEvents(from: $from, to: $to, timezone: $timezone, limit: $limit, cursor: $cursor, filter: $filter) {\n      data {\n        timestamp\n        link_id\n        short_url\n        link {\n          id\n          title\n        }\n        country\n        region\n        city\n        device\n        browser\n        os\n        referrer\n        referrer_url\n        utm_source\n        utm_medium\n        utm_campaign\n        trigger\n        language\n      }\n      next_cursor\n    }\n  }\n"): typeof import('./graphql').DashboardClickEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardLinkName($id: ID!) {\n    link(id: $id) {\n      id\n      short_url\n      title\n    }\n  }\n"): typeof import('./graphql').DashboardLinkNameDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardAnalyticsShares {\n    analyticsShares(limit: 100) {\n      data {\n        id\n        link_id\n        tag\n        domain\n        expires_at\n        created_at\n        created_by {\n          label\n        }\n      }\n      next_cursor\n    }\n  }\n"): typeof import('./graphql').DashboardAnalyticsSharesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardCreateAnalyticsShare($link_id: ID, $tag: String, $domain: String, $expires_at: String) {\n    createAnalyticsShare(link_id: $link_id, tag: $tag, domain: $domain, expires_at: $expires_at) {\n      id\n      url\n    }\n  }\n"): typeof import('./graphql').DashboardCreateAnalyticsShareDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardDeleteAnalyticsShare($id: ID!) {\n    deleteAnalyticsShare(id: $id)\n  }\n"): typeof import('./graphql').DashboardDeleteAnalyticsShareDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardSharedAnalytics(\n    $token: String!\n    $group_by: AnalyticsGroupBy\n    $from: String\n    $to: String\n    $interval: AnalyticsInterval\n    $timezone: String\n    $limit: Int\n    $filter: ClickFilter\n    $compare: AnalyticsCompare\n  ) {\n    sharedAnalytics(\n      token: $token\n      group_by: $group_by\n      from: $from\n      to: $to\n      interval: $interval\n      timezone: $timezone\n      limit: $limit\n      filter: $filter\n      compare: $compare\n    ) {\n      kind\n      label\n      expires_at\n      analytics {\n        ...AnalyticsAnswer\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardSharedAnalyticsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardAuditLog($action: String, $actor_id: String, $target_id: String, $from: String, $to: String, $limit: Int, $cursor: String) {\n    auditLog(action: $action, actor_id: $actor_id, target_id: $target_id, from: $from, to: $to, limit: $limit, cursor: $cursor) {\n      data {\n        id\n        at\n        action\n        actor {\n          type\n          id\n          label\n        }\n        target {\n          type\n          id\n        }\n        request_id\n      }\n      next_cursor\n    }\n  }\n"): typeof import('./graphql').DashboardAuditLogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DomainSettingsFields on Domain {\n    host\n    root_url\n    not_found_url\n    expired_url\n    crawlable\n    apple_app_site_association\n    assetlinks\n  }\n"): typeof import('./graphql').DomainSettingsFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardDomainSettings {\n    domains {\n      data {\n        ...DomainSettingsFields\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardDomainSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardUpdateDomain(\n    $domain: String!, $root_url: String, $not_found_url: String, $expired_url: String, $crawlable: Boolean,\n    $apple_app_site_association: AppSiteAssociation, $assetlinks: AssetLinks\n  ) {\n    updateDomain(\n      domain: $domain, root_url: $root_url, not_found_url: $not_found_url, expired_url: $expired_url, crawlable: $crawlable,\n      apple_app_site_association: $apple_app_site_association, assetlinks: $assetlinks\n    ) {\n      ...DomainSettingsFields\n    }\n  }\n"): typeof import('./graphql').DashboardUpdateDomainDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardDomains {\n    domains {\n      data {\n        host\n        created_at\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardDomainsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardCreateDomain($host: String!) {\n    createDomain(host: $host) {\n      host\n    }\n  }\n"): typeof import('./graphql').DashboardCreateDomainDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardDeleteDomain($host: String!) {\n    deleteDomain(host: $host)\n  }\n"): typeof import('./graphql').DashboardDeleteDomainDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardKeys {\n    keys {\n      data {\n        id\n        name\n        created_at\n        expires_at\n        last_used_at\n        revoked_at\n        scopes\n        domains\n        tags\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardKeysDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardKeyChoices {\n    viewer {\n      scopes\n    }\n    domains {\n      data {\n        host\n      }\n    }\n    tags {\n      data {\n        name\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardKeyChoicesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardCreateKey($name: String, $scopes: [String!], $domains: [String!], $tags: [String!]) {\n    createKey(name: $name, scopes: $scopes, domains: $domains, tags: $tags) {\n      id\n      name\n      key\n      expires_at\n    }\n  }\n"): typeof import('./graphql').DashboardCreateKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardRevokeKey($id: ID!) {\n    revokeKey(id: $id) {\n      id\n      revoked_at\n    }\n  }\n"): typeof import('./graphql').DashboardRevokeKeyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment BulkItemErrorFields on BulkItemError {\n    code\n    message\n    details {\n      path\n      message\n    }\n  }\n"): typeof import('./graphql').BulkItemErrorFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardCreateLinks($links: [LinkFields!]!) {\n    createLinks(links: $links) {\n      data {\n        link {\n          id\n        }\n        error {\n          ...BulkItemErrorFields\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardCreateLinksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardUpdateLinks($ids: [ID!]!, $add_tags: [String!], $remove_tags: [String!]) {\n    updateLinks(ids: $ids, add_tags: $add_tags, remove_tags: $remove_tags) {\n      data {\n        link {\n          id\n          tags\n        }\n        error {\n          ...BulkItemErrorFields\n        }\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardUpdateLinksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardDeleteLinks($ids: [ID!]!) {\n    deleteLinks(ids: $ids) {\n      deleted\n      not_found\n    }\n  }\n"): typeof import('./graphql').DashboardDeleteLinksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment LinkFields on Link {\n    id\n    short_url\n    domain\n    alias\n    destination\n    geo_targeting\n    tags\n    clicks\n    title\n    external_id\n    status\n    expires_at\n    expired_url\n    max_clicks\n    password_protected\n    device_targeting\n    rules\n    variants\n    utm\n    preview\n    created_at\n    updated_at\n    destination_health {\n      status\n      http_status\n      checked_at\n    }\n  }\n"): typeof import('./graphql').LinkFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardLinks($limit: Int, $cursor: String, $tag: String, $domain: String, $q: String, $status: LinkStatus, $health: LinkHealthFilter, $sort: LinkSort) {\n    links(limit: $limit, cursor: $cursor, tag: $tag, domain: $domain, q: $q, status: $status, health: $health, sort: $sort) {\n      data {\n        ...LinkFields\n      }\n      next_cursor\n    }\n  }\n"): typeof import('./graphql').DashboardLinksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardLinkCount($tag: String, $domain: String, $q: String, $status: LinkStatus, $health: LinkHealthFilter) {\n    linkCount(tag: $tag, domain: $domain, q: $q, status: $status, health: $health) {\n      total\n    }\n  }\n"): typeof import('./graphql').DashboardLinkCountDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardUtmTemplates {\n    utmTemplates {\n      data {\n        id\n        name\n        source\n        medium\n        campaign\n        term\n        content\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardUtmTemplatesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardLinkFilters {\n    tags {\n      data {\n        name\n      }\n    }\n    domains {\n      data {\n        host\n      }\n      default_host\n    }\n  }\n"): typeof import('./graphql').DashboardLinkFiltersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardLink($id: ID!) {\n    link(id: $id) {\n      ...LinkFields\n    }\n  }\n"): typeof import('./graphql').DashboardLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardCreateLink(\n    $destination: String!, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!],\n    $title: String, $external_id: String, $expires_at: String, $expired_url: String, $max_clicks: Int, $password: String, $device_targeting: DeviceTargeting,\n    $rules: LinkRules, $variants: LinkVariants, $utm: Utm, $preview: LinkPreview\n  ) {\n    createLink(\n      destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo_targeting, tags: $tags,\n      title: $title, external_id: $external_id, expires_at: $expires_at, expired_url: $expired_url, max_clicks: $max_clicks, password: $password, device_targeting: $device_targeting,\n      rules: $rules, variants: $variants, utm: $utm, preview: $preview\n    ) {\n      ...LinkFields\n    }\n  }\n"): typeof import('./graphql').DashboardCreateLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardUpdateLink(\n    $id: ID!, $destination: String, $domain: String, $alias: String, $geo_targeting: GeoTargeting, $tags: [String!],\n    $title: String, $external_id: String, $expires_at: String, $expired_url: String, $max_clicks: Int, $password: String, $device_targeting: DeviceTargeting,\n    $rules: LinkRules, $variants: LinkVariants, $utm: Utm, $preview: LinkPreview\n  ) {\n    updateLink(\n      id: $id, destination: $destination, domain: $domain, alias: $alias, geo_targeting: $geo_targeting, tags: $tags,\n      title: $title, external_id: $external_id, expires_at: $expires_at, expired_url: $expired_url, max_clicks: $max_clicks, password: $password, device_targeting: $device_targeting,\n      rules: $rules, variants: $variants, utm: $utm, preview: $preview\n    ) {\n      ...LinkFields\n    }\n  }\n"): typeof import('./graphql').DashboardUpdateLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardDeleteLink($id: ID!) {\n    deleteLink(id: $id)\n  }\n"): typeof import('./graphql').DashboardDeleteLinkDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardLinkQr($id: ID!, $format: QrFormat, $size: Int, $margin: Int, $ecc: QrEcc, $fg: String, $bg: String) {\n    linkQrCode(id: $id, format: $format, size: $size, margin: $margin, ecc: $ecc, fg: $fg, bg: $bg) {\n      content_type\n      base64\n    }\n  }\n"): typeof import('./graphql').DashboardLinkQrDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardInvites {\n    invites {\n      data {\n        id\n        email\n        role\n        expires_at\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardInvitesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardCreateInvite($email: String!, $role: Role!) {\n    createInvite(email: $email, role: $role) {\n      id\n      email\n      url\n    }\n  }\n"): typeof import('./graphql').DashboardCreateInviteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardRevokeInvite($id: ID!) {\n    revokeInvite(id: $id)\n  }\n"): typeof import('./graphql').DashboardRevokeInviteDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardMembers {\n    members {\n      data {\n        user_id\n        email\n        name\n        role\n        created_at\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardMembersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardUpdateMember($user_id: ID!, $role: Role!) {\n    updateMember(user_id: $user_id, role: $role) {\n      user_id\n      role\n    }\n  }\n"): typeof import('./graphql').DashboardUpdateMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardRemoveMember($user_id: ID!) {\n    removeMember(user_id: $user_id)\n  }\n"): typeof import('./graphql').DashboardRemoveMemberDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardAnalyticsReports {\n    analyticsReports {\n      data {\n        id\n        frequency\n        timezone\n        link_id\n        tag\n        domain\n        recipients\n        next_run_at\n        last_sent_at\n        email_enabled\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardAnalyticsReportsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardReportMembers {\n    members {\n      data {\n        user_id\n        email\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardReportMembersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardCreateAnalyticsReport(\n    $frequency: ReportFrequency!\n    $timezone: String\n    $link_id: String\n    $tag: String\n    $domain: String\n    $recipients: [String!]!\n  ) {\n    createAnalyticsReport(frequency: $frequency, timezone: $timezone, link_id: $link_id, tag: $tag, domain: $domain, recipients: $recipients) {\n      id\n    }\n  }\n"): typeof import('./graphql').DashboardCreateAnalyticsReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardSendAnalyticsReport($id: ID!) {\n    sendAnalyticsReport(id: $id) {\n      id\n      recipients\n      period_from\n      period_to\n    }\n  }\n"): typeof import('./graphql').DashboardSendAnalyticsReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardDeleteAnalyticsReport($id: ID!) {\n    deleteAnalyticsReport(id: $id)\n  }\n"): typeof import('./graphql').DashboardDeleteAnalyticsReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardUpdateAnalyticsReportFrequency($id: ID!, $frequency: ReportFrequency!) {\n    updateAnalyticsReport(id: $id, frequency: $frequency) {\n      id\n    }\n  }\n"): typeof import('./graphql').DashboardUpdateAnalyticsReportFrequencyDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardReportLinkSearch($q: String!, $alias: String!, $byAlias: Boolean!) {\n    links(q: $q, limit: 8) {\n      data {\n        id\n        short_url\n        title\n        destination\n      }\n    }\n    byAlias: links(q: $alias, limit: 8) @include(if: $byAlias) {\n      data {\n        id\n        short_url\n        title\n        destination\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardReportLinkSearchDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardTags {\n    tags {\n      data {\n        name\n        links\n        created_at\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardTagsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardUpdateTag($tag: String!, $name: String!) {\n    updateTag(tag: $tag, name: $name) {\n      name\n      links\n    }\n  }\n"): typeof import('./graphql').DashboardUpdateTagDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardDeleteTag($name: String!) {\n    deleteTag(name: $name)\n  }\n"): typeof import('./graphql').DashboardDeleteTagDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardCreateUtmTemplate($name: String!, $source: String, $medium: String, $campaign: String, $term: String, $content: String) {\n    createUtmTemplate(name: $name, source: $source, medium: $medium, campaign: $campaign, term: $term, content: $content) {\n      id\n    }\n  }\n"): typeof import('./graphql').DashboardCreateUtmTemplateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardUpdateUtmTemplate($id: ID!, $name: String, $source: String, $medium: String, $campaign: String, $term: String, $content: String) {\n    updateUtmTemplate(id: $id, name: $name, source: $source, medium: $medium, campaign: $campaign, term: $term, content: $content) {\n      id\n    }\n  }\n"): typeof import('./graphql').DashboardUpdateUtmTemplateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardUtmTemplate($id: ID!) {\n    utmTemplate(id: $id) {\n      id\n      name\n      source\n      medium\n      campaign\n      term\n      content\n    }\n  }\n"): typeof import('./graphql').DashboardUtmTemplateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardDeleteUtmTemplate($id: ID!) {\n    deleteUtmTemplate(id: $id)\n  }\n"): typeof import('./graphql').DashboardDeleteUtmTemplateDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment WebhookFields on WebhookEndpoint {\n    id\n    url\n    events\n    description\n    enabled\n    created_at\n  }\n"): typeof import('./graphql').WebhookFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardWebhooks {\n    webhooks {\n      data {\n        ...WebhookFields\n      }\n    }\n  }\n"): typeof import('./graphql').DashboardWebhooksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardWebhook($id: ID!) {\n    webhook(id: $id) {\n      ...WebhookFields\n    }\n  }\n"): typeof import('./graphql').DashboardWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardWebhookDeliveries($id: ID!, $limit: Int, $cursor: String) {\n    webhookDeliveries(id: $id, limit: $limit, cursor: $cursor) {\n      data {\n        id\n        event_type\n        status\n        attempts\n        last_status_code\n        last_error\n        last_duration_ms\n        next_attempt_at\n        created_at\n        delivered_at\n      }\n      next_cursor\n    }\n  }\n"): typeof import('./graphql').DashboardWebhookDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardCreateWebhook($url: String!, $events: [String!]!, $description: String) {\n    createWebhook(url: $url, events: $events, description: $description) {\n      id\n      secret\n    }\n  }\n"): typeof import('./graphql').DashboardCreateWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardUpdateWebhook($id: ID!, $url: String, $events: [String!], $description: String, $enabled: Boolean) {\n    updateWebhook(id: $id, url: $url, events: $events, description: $description, enabled: $enabled) {\n      ...WebhookFields\n    }\n  }\n"): typeof import('./graphql').DashboardUpdateWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardDeleteWebhook($id: ID!) {\n    deleteWebhook(id: $id)\n  }\n"): typeof import('./graphql').DashboardDeleteWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardRotateWebhookSecret($id: ID!) {\n    rotateWebhookSecret(id: $id) {\n      id\n      secret\n    }\n  }\n"): typeof import('./graphql').DashboardRotateWebhookSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardTestWebhook($id: ID!) {\n    testWebhook(id: $id) {\n      id\n    }\n  }\n"): typeof import('./graphql').DashboardTestWebhookDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardRetryWebhookDelivery($id: ID!, $delivery_id: ID!) {\n    retryWebhookDelivery(id: $id, delivery_id: $delivery_id) {\n      id\n      status\n    }\n  }\n"): typeof import('./graphql').DashboardRetryWebhookDeliveryDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardDeleteWorkspace($confirm: String!) {\n    deleteWorkspace(confirm: $confirm)\n  }\n"): typeof import('./graphql').DashboardDeleteWorkspaceDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DashboardRequireTwoFactor($require_2fa: Boolean!) {\n    updateWorkspace(require_2fa: $require_2fa) {\n      id\n      require_2fa\n    }\n  }\n"): typeof import('./graphql').DashboardRequireTwoFactorDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DashboardWorkspace {\n    workspace {\n      id\n      slug\n      plan\n      rate_limit_rpm\n      require_2fa\n    }\n    viewer {\n      role\n      scopes\n    }\n  }\n"): typeof import('./graphql').DashboardWorkspaceDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
