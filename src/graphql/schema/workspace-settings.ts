import type { Principal } from '../../auth/principal.js';
import type { Services } from '../../wiring/all-services.js';
import { builder } from '../builder.js';
import { WorkspaceType } from './workspace.js';

/** Whether the caller has a second factor: an API key has none to have (it is its own credential). */
const callerHasSecondFactor = (services: Services, principal: Principal) => async () => {
  if (principal.kind !== 'user') return true;
  const f = await services.twoFactor.factors(principal.user.id);
  return f.totp || f.passkeys > 0;
};

builder.mutationFields((t) => ({
  updateWorkspace: t.withAuth({ scope: 'workspace:write' }).field({
    nullable: true,
    type: WorkspaceType,
    description: "Change the workspace's settings (owners): `require_2fa`.",
    args: {
      require_2fa: t.arg.boolean({
        description: 'Members must have a second factor (authenticator app or passkey); those without get 403 two_factor_required here.',
      }),
    },
    resolve: (_r, args, ctx) => ctx.services.workspaces.update(ctx.caller, ctx.principal.workspace, args, callerHasSecondFactor(ctx.services, ctx.principal)),
  }),
  deleteWorkspace: t.withAuth({ scope: 'workspace:write' }).boolean({
    nullable: true,
    description:
      'Delete the workspace and everything it holds (owners; keys with workspace:write and no restriction). Its keys and sessions stop at once, its links answer 404, its domains and slug are free again; the rest of its data is purged in the background.',
    args: {
      confirm: t.arg.string({ required: true, description: "The workspace's slug, to confirm: everything it holds is deleted for good." }),
    },
    resolve: async (_r, args, ctx) => {
      await ctx.services.workspaces.delete(ctx.caller, ctx.principal.workspace, args);
      return true;
    },
  }),
}));
