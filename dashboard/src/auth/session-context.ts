import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { Session, SessionWorkspace } from '../api/auth';

export interface SessionState {
  session: Session;
  workspace: SessionWorkspace;
  switchWorkspace(slug: string): void;
  refresh(): Promise<boolean>;
}

export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside a signed-in page');
  return s;
}

const RANK = { viewer: 0, member: 1, admin: 2, owner: 3 } as const;

/**
 * What the role may change, as the API enforces it: member writes links and tags; admin also
 * domains, keys and members; viewer reads only. The page hides controls the API would refuse.
 */
export function useCan(): { writeLinks: boolean; admin: boolean; owner: boolean } {
  const r = RANK[useSession().workspace.role];
  return { writeLinks: r >= RANK.member, admin: r >= RANK.admin, owner: r >= RANK.owner };
}
