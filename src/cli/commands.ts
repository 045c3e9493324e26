import { backupCommand } from './backup.js';
import { blocklistCommands } from './blocklist.js';
import type { Command } from './command.js';
import { domainCommands } from './domain.js';
import { importCommands } from './import.js';
import { keyCommands } from './key.js';
import { linkCommands } from './links.js';
import { mcpCommand } from './mcp.js';
import { moderationCommands } from './moderation.js';
import { reportCommands } from './report.js';
import { userCommands } from './user.js';
import { workspaceCommands } from './workspace.js';

/**
 * Every lsk command, in the order `lsk --help` lists them. A new noun is a file exporting its
 * `Command[]` (name, synopsis, options, run) added here; parsing, help and exit codes follow.
 */
export const COMMANDS: Command[] = [
  ...workspaceCommands,
  ...keyCommands,
  ...domainCommands,
  ...linkCommands,
  ...importCommands,
  ...userCommands,
  ...moderationCommands,
  ...reportCommands,
  ...blocklistCommands,
  backupCommand,
  mcpCommand,
];
