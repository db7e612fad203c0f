import net from 'node:net';
import type { Config } from '../config/config';

/** A port the configuration asks this process to listen on, named by its variable. */
export interface WantedPort {
  /** The environment variable that sets it (`PORT`, `MQTT_PORT`). */
  variable: 'PORT' | 'MQTT_PORT';
  port: number;
  host: string;
}

/**
 * The ports start-up will listen on: the HTTP port always, the embedded broker's unless it is
 * off, random (0) or replaced by an external broker (`MQTT_URL`).
 */
export function wantedPorts(config: Pick<Config, 'port' | 'host' | 'mqttPort' | 'mqttUrl'>): WantedPort[] {
  const ports: WantedPort[] = [{ variable: 'PORT', port: config.port, host: config.host }];
  if (!config.mqttUrl && config.mqttPort !== 'off' && config.mqttPort !== 0)
    ports.push({ variable: 'MQTT_PORT', port: config.mqttPort, host: config.host });
  return ports;
}

/**
 * Resolves with the first port that cannot be bound (another program holds it), or undefined
 * when all are free. Each port is bound and released at once; nothing is left listening. Run
 * before the console build and the seed, so a taken port stops start-up before any work or the
 * one-time administrator password is printed.
 */
export async function firstTakenPort(ports: WantedPort[]): Promise<WantedPort | undefined> {
  for (const p of ports) {
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen({ port: p.port, host: p.host, exclusive: true }, () => server.close(() => resolve(true)));
    });
    if (!free) return p;
  }
  return undefined;
}
