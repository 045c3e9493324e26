/** Tests that call the services directly act as lsk itself, labelled "test" (no request, no role, no restriction). */
import { type Acting, type Caller, systemCaller } from '../../src/domain/caller.js';

export const TEST_ACTING: Acting = { actor: { type: 'system', id: 'system', label: 'test' }, requestId: null };

/** The services' caller for a workspace id. */
export const as = (workspaceId: string): Caller => systemCaller(workspaceId, 'test');
