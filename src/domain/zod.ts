import { z } from 'zod';
import { humanMessage } from './messages.js';

/**
 * The domain's zod, configured once with human sentences for zod's built-in checks (a schema's own
 * message still wins). Every schema module of the domain imports z from here, so whoever parses with
 * them (services, the REST edge, the CLI) gets these messages, never zod's defaults.
 */
z.config({ customError: humanMessage });

export { z };
