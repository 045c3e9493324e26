import type { Command } from './command.js';
import { table, when } from './output.js';

const REASON = { reason: { value: 'TEXT', help: 'why (kept with the decision)' } };

/** Disabling links and suspending workspaces (docs/abuse.md): every instance applies a decision within 2 s. */
export const moderationCommands: Command[] = [
  {
    name: 'link disable',
    arg: '<short_url>',
    synopsis: '<short_url> [--reason TEXT]',
    summary: 'Disable a link: visits answer 403 link_disabled (not clicks) until it is enabled again; the link itself stays.',
    details: 'The short URL as https://go.example.com/alias (or go.example.com/alias). Result: {"link_id", "disabled"} as JSON.',
    options: REASON,
    usesStore: true,
    async run({ arg, options, services }) {
      const { record, changed } = await (await services()).abuseOperator.disable(arg, options.reason ?? null);
      const where = `${record.domain}/${record.alias}`;
      return [changed ? `disabled ${where} (${record.linkId})` : `${where} was disabled already`, JSON.stringify({ link_id: record.linkId, disabled: true })];
    },
  },
  {
    name: 'link enable',
    arg: '<short_url>',
    synopsis: '<short_url>',
    summary: 'Enable a disabled link again.',
    details: 'Result: {"link_id", "disabled"} as JSON.',
    options: {},
    usesStore: true,
    async run({ arg, services }) {
      const { linkId, changed } = await (await services()).abuseOperator.enable(arg);
      return [changed ? `enabled ${arg} (${linkId})` : `${arg} was not disabled`, JSON.stringify({ link_id: linkId, disabled: false })];
    },
  },
  {
    name: 'link list-disabled',
    synopsis: '',
    summary: 'List the disabled links, oldest first.',
    details: 'Result: {"data": [{"link_id", "workspace_id", "domain", "alias", "reason", "disabled_at"}]} as JSON.',
    options: {},
    usesStore: true,
    async run({ services }) {
      const all = await (await services()).abuseOperator.disabledLinks();
      return [
        ...table(
          ['LINK', 'SHORT URL', 'DISABLED', 'REASON'],
          all.map((d) => [d.linkId, `${d.domain}/${d.alias}`, when(d.disabledAt), d.reason ?? '']),
        ),
        JSON.stringify({
          data: all.map((d) => ({
            link_id: d.linkId,
            workspace_id: d.workspaceId,
            domain: d.domain,
            alias: d.alias,
            reason: d.reason,
            disabled_at: d.disabledAt.toISOString(),
          })),
        }),
      ];
    },
  },
  {
    name: 'workspace suspend',
    arg: '<slug>',
    synopsis: '<slug> [--reason TEXT]',
    summary: 'Suspend a workspace: its keys and sessions get 403 workspace_suspended and its links answer 403 link_disabled; its data stays.',
    details: 'Result: {"workspace", "suspended"} as JSON.',
    options: REASON,
    usesStore: true,
    async run({ arg, options, services }) {
      const { changed } = await (await services()).abuseOperator.suspend(arg, options.reason ?? null);
      return [changed ? `suspended workspace ${arg}` : `workspace ${arg} was suspended already`, JSON.stringify({ workspace: arg, suspended: true })];
    },
  },
  {
    name: 'workspace unsuspend',
    arg: '<slug>',
    synopsis: '<slug>',
    summary: 'Lift a suspension: the workspace works as before.',
    details: 'Result: {"workspace", "suspended"} as JSON.',
    options: {},
    usesStore: true,
    async run({ arg, services }) {
      const { changed } = await (await services()).abuseOperator.unsuspend(arg);
      return [changed ? `unsuspended workspace ${arg}` : `workspace ${arg} was not suspended`, JSON.stringify({ workspace: arg, suspended: false })];
    },
  },
];
