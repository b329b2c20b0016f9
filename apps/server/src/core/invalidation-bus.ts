import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';

// Caches in one API node learn from here that something they hold changed: a user's sessions were
// revoked, a user's info or balances changed, an order came to rest on another node (its index of
// resting orders). In-process by default; with REDIS_URL the message also reaches every other node
// through Redis pub/sub. Delivery is at most once: every cache here also has another way to learn
// (a short lifetime, a periodic read).

export type InvalidationTopic = 'user-sessions' | 'user-info' | 'resting-orders';

export interface InvalidationBus {
  publish(topic: InvalidationTopic, key: string): void;
  subscribe(topic: InvalidationTopic, listener: (key: string) => void): void;
  close(): Promise<void>;
}

export function createLocalBus(): InvalidationBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(100);
  return {
    publish: (topic, key) => void emitter.emit(topic, key),
    subscribe: (topic, listener) => void emitter.on(topic, listener),
    close: async () => void emitter.removeAllListeners(),
  };
}

const CHANNEL = 'beurs:invalidations';

export async function createRedisBus(redisUrl: string): Promise<InvalidationBus> {
  const local = createLocalBus();
  const nodeId = randomUUID();
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const subscriber = new Redis(redisUrl);
  await subscriber.subscribe(CHANNEL);
  subscriber.on('message', (_channel: string, message: string) => {
    // `origin|topic|key`: the key is the rest of the message, '|' included.
    const first = message.indexOf('|');
    const second = message.indexOf('|', first + 1);
    if (first < 0 || second < 0) return;
    const origin = message.slice(0, first);
    const topic = message.slice(first + 1, second);
    if (origin === nodeId || !topic) return;
    local.publish(topic as InvalidationTopic, message.slice(second + 1));
  });
  return {
    publish(topic, key) {
      local.publish(topic, key);
      publisher.publish(CHANNEL, `${nodeId}|${topic}|${key}`).catch(() => {
        // Other nodes then see the change when their short cache lifetime ends.
      });
    },
    subscribe: local.subscribe,
    async close() {
      await local.close();
      await Promise.all([publisher.quit(), subscriber.quit()]);
    },
  };
}
