import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import * as api from '@hearth/contract/ai-planner';
import { families, familyEvents } from '../../platform/db/schema.ts';
import type { SignedInUser, TestApp } from '../../test/harness.ts';

/** How the fake provider answers one chat completion. */
export type Reply =
  | { content: string }
  | { status: number }
  | { delayMs: number; content: string };

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  response_format: { type: string; json_schema: { name: string; strict: boolean; schema: unknown } };
}

/**
 * An OpenAI-compatible chat completions server on loopback that answers from a queue of canned replies
 * (answering 503 when the queue is empty) and keeps every request it got.
 */
export class FakeProvider {
  readonly requests: ChatRequest[] = [];
  private readonly replies: Reply[] = [];
  private readonly server: Server;

  constructor() {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      req.on('end', () => {
        if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
          res.writeHead(404).end();
          return;
        }
        this.requests.push(JSON.parse(body) as ChatRequest);
        const reply = this.replies.shift() ?? { status: 503 };
        if ('status' in reply) {
          res.writeHead(reply.status, { 'content-type': 'application/json' })
            .end(JSON.stringify({ error: { message: 'provider failure', type: 'server_error' } }));
          return;
        }
        const send = () => {
          if (res.destroyed) return;
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(completion(reply.content)));
        };
        if ('delayMs' in reply) setTimeout(send, reply.delayMs);
        else send();
      });
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }

  queue(...replies: Reply[]): void {
    this.replies.push(...replies);
  }

  reset(): void {
    this.requests.length = 0;
    this.replies.length = 0;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

function completion(content: string) {
  return {
    id: 'chatcmpl-test', object: 'chat.completion', created: 1_700_000_000, model: 'test-model',
    choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  };
}

/** A model meal as the provider is asked to write it. */
export const modelMeal = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  description: `${name}, a family dinner.`,
  prepTime: 10,
  totalTime: 25,
  difficulty: 'Easy',
  steps: ['Chop the vegetables.', 'Cook everything for 15 minutes.', 'Serve hot.'],
  ingredients: [{ name: 'chicken thighs', quantity: 1.5, unit: 'lb' }, { name: 'olive oil', quantity: 0.5, unit: 'tbsp' },
    { name: 'salt', quantity: null, unit: null }],
  ...extra,
});

export const modelAnswer = (...names: string[]) => JSON.stringify({ meals: names.map((n) => modelMeal(n)) });

export const dinnerRequest = (extra: Partial<api.AiMealRequestInput> = {}): api.AiMealRequestInput => ({
  proteinChoice: 'chicken', timeToPrepare: '20-60 min', ...extra,
});

export async function generate(user: SignedInUser, body: api.AiMealRequestInput = dinnerRequest()) {
  return user.call(api.generateMeals, { body });
}

export async function setTimezone(t: TestApp, familyId: string, timezone: string): Promise<void> {
  await t.db.update(families).set({ timezone }).where(eq(families.id, familyId));
}

/** The family's recorded events of one type, oldest first. */
export async function eventsOf(t: TestApp, familyId: string, type: string) {
  const rows = await t.db.select().from(familyEvents).where(eq(familyEvents.familyId, familyId)).orderBy(familyEvents.at);
  return rows.filter((r) => r.type === type);
}
