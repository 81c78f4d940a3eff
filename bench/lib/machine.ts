// What the figures were measured on: they are only comparable as ratios within one run.
import { cpus, totalmem } from 'node:os';

export interface Machine {
  cpu: string;
  cores: number;
  ramGiB: number;
  node: string;
  date: string;
}

export function machine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    ramGiB: Math.round((totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
  };
}
