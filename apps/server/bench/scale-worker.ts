/**
 * Child process of `npm run bench:scale`: one ingest process (IngestRuntime on the bench's schema,
 * the external broker as an MQTT 5 shared subscription of the bench's group, acknowledging after
 * commit). Reports 'ready', then on 'stats' its stored and duplicate counts; stops on 'stop'.
 */
import { loadConfig } from '../src/platform/config/config';
import { openDb } from '../src/platform/db/db';
import { RealtimeHub } from '../src/platform/realtime/hub';
import { IngestRuntime } from '../src/modules/telemetry/ingest-runtime';

interface Start {
  databaseUrl: string;
  schema: string;
  mqttUrl: string;
  group: string;
  index: number;
}

process.once('message', (m: Start) => {
  void (async () => {
    const config = loadConfig({
      LOG_LEVEL: 'silent',
      DEMO: 'off',
      DATABASE_URL: m.databaseUrl,
      DATABASE_SCHEMA: m.schema,
      MQTT_URL: m.mqttUrl,
      MQTT_SHARED: 'on',
      MQTT_CLIENT_ID: `${m.group}-${m.index}`,
      MQTT_SESSION_EXPIRY_S: '60',
    });
    const db = await openDb({ url: config.databaseUrl, schema: config.databaseSchema, poolSize: 4 });
    const runtime = new IngestRuntime(config, db, new RealtimeHub(), {
      connections: 4,
      shareGroup: m.group,
      onError: (e) => process.stderr.write(`worker ${m.index}: ${e.message}\n`),
    });
    await runtime.start();
    process.on('message', (cmd: string) => {
      if (cmd === 'stats')
        process.send!({
          type: 'stats',
          stored: runtime.ingest.stats.stored,
          duplicates: runtime.ingest.stats.duplicates,
        });
      if (cmd === 'stop')
        void runtime
          .stop()
          .then(() => db.close())
          .then(() => process.exit(0));
    });
    process.send!({ type: 'ready' });
  })().catch((e: Error) => {
    process.stderr.write(`${e.stack ?? e.message}\n`);
    process.exit(1);
  });
});
