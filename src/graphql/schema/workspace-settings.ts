import type { Principal } from '../../auth/principal.js';
import type { Services } from '../../services/all-services.js';
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
}));
