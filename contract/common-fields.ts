import { z } from 'zod';

/** Fields many endpoints share; endpoint.ts re-exports them. */
export const Id = z.uuid({ error: 'Invalid id' });
export const IdParams = z.object({ id: Id });
export const MessageResponse = z.object({ message: z.string() });
export const IsoDateTime = z.string().describe('ISO 8601 date-time');
