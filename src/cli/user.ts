import type { User } from '../domain/accounts.js';
import { type Command, check, cliActing, WORKSPACE, workspaceOption } from './command.js';
import { table, when } from './output.js';

const userJson = (u: User, role?: string) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  created_at: u.createdAt.toISOString(),
  ...(role ? { role } : {}),
});

const LINK = 'open this one-time link within 24 hours to set the password:';

export const userCommands: Command[] = [
  {
    name: 'user create',
    arg: '<email>',
    synopsis: '<email> --workspace <slug> [--role owner|admin|member|viewer] [--name N]',
    summary: 'Create a dashboard user in a workspace; the last line is a one-time link to set the password.',
    details:
      'The role defaults to owner. The link (24 h) opens /dashboard/set-password on LSK_PUBLIC_URL. An email that already has an account is added to the workspace instead, and said so: no link (the last line is the user as JSON, with the role).',
    options: {
      ...WORKSPACE,
      role: { value: 'owner|admin|member|viewer', help: 'the role in the workspace (default: owner)' },
      name: { value: 'N', help: 'the display name, 1 to 100 characters (default: the part of the email before "@")' },
    },
    usesStore: true,
    async run(ctx) {
      const { emailSchema, roleSchema, userNameSchema } = await import('../domain/accounts.js');
      const email = check(emailSchema, ctx.arg, 'email');
      const role = check(roleSchema, ctx.options.role ?? 'owner', '--role');
      const name = check(userNameSchema, ctx.options.name ?? email.split('@')[0], '--name');
      const { workspace } = await workspaceOption(ctx);
      const services = await ctx.services();
      const existing = await services.directory.userByEmail(email);
      if (existing) {
        // Their password stays theirs: no set-password link unless the operator asks for one.
        await services.accounts.addMember(cliActing(), workspace, existing.id, role);
        return [
          `${existing.email} already has an account (${existing.id}): added to ${workspace.slug} as ${role}; no link issued, the password is unchanged (lsk user reset-password ${existing.email} issues one)`,
          JSON.stringify(userJson(existing, role)),
        ];
      }
      const user = await services.accounts.createUser(email, name);
      await services.accounts.addMember(cliActing(), workspace, user.id, role);
      return [`created user ${user.id} ${user.email} as ${role} of ${workspace.slug}; ${LINK}`, await services.accounts.passwordLink(cliActing(), user.id)];
    },
  },
  {
    name: 'user reset-password',
    arg: '<email>',
    synopsis: '<email>',
    summary: "Print a one-time link (24 h) that sets a user's password; their sessions end once it is used.",
    options: {},
    usesStore: true,
    async run({ arg, services: open }) {
      const services = await open();
      const { emailSchema } = await import('../domain/accounts.js');
      const user = await services.accounts.byEmail(check(emailSchema, arg, 'email'));
      return [`${user.email} (${user.id}): ${LINK}`, await services.accounts.passwordLink(cliActing(), user.id)];
    },
  },
  {
    name: 'user list',
    synopsis: '[--workspace <slug>]',
    summary: 'List dashboard users, oldest first: every one, or the members of one workspace with their roles.',
    details: 'Result: {"data": [users]} as JSON (with "role" when --workspace is given).',
    options: { workspace: { value: '<slug>', help: 'only the members of this workspace' } },
    usesStore: true,
    async run(ctx) {
      const services = await ctx.core();
      let rows: { user: User; role?: string }[];
      if (ctx.options.workspace === undefined) rows = (await services.directory.allUsers()).map((user) => ({ user }));
      else {
        const { caller } = await workspaceOption(ctx);
        rows = (await (await ctx.services()).members.list(caller)).map(({ user, role }) => ({ user, role }));
      }
      const lines = rows.map(({ user, role }) => [user.email, user.name, role ?? '-', when(user.createdAt), user.id]);
      return [...table(['EMAIL', 'NAME', 'ROLE', 'CREATED', 'ID'], lines), JSON.stringify({ data: rows.map(({ user, role }) => userJson(user, role)) })];
    },
  },
];
