import { LskError } from '../../domain/errors.js';
import type { MembersRepository } from '../../storage/members/repository.js';
import type { UsersRepository } from '../../storage/users/repository.js';

type Repos = { members: Pick<MembersRepository, 'get'>; users: Pick<UsersRepository, 'get' | 'getByEmail' | 'getMany'> };

/**
 * Recipients as given (member user ids or members' emails) -> the members' user ids, each once. Anything
 * that is not a member of the workspace is refused, naming its place, with one message whether the
 * user exists elsewhere or not: a report goes to members only (no open relay).
 */
export async function memberRecipients(repos: Repos, workspaceId: string, given: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  const problems: { path: string; message: string }[] = [];
  for (const [i, value] of given.entries()) {
    const user = value.startsWith('usr_') ? await repos.users.get(value) : value.includes('@') ? await repos.users.getByEmail(value) : null;
    const member = user ? await repos.members.get(workspaceId, user.id) : null;
    if (!user || !member) problems.push({ path: `recipients[${i}]`, message: 'is not a member of this workspace (a user id or the email of a member)' });
    else if (!ids.includes(user.id)) ids.push(user.id);
  }
  if (problems.length > 0) throw LskError.validation(problems);
  return ids;
}

/** The addresses of the recipients still members now: a member removed since stops receiving. */
export async function currentAddresses(repos: Repos, workspaceId: string, userIds: readonly string[]): Promise<string[]> {
  const still: string[] = [];
  for (const id of userIds) if (await repos.members.get(workspaceId, id)) still.push(id);
  return (await repos.users.getMany(still)).map((u) => u.email).sort();
}
