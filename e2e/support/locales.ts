import fs from 'node:fs';
import path from 'node:path';

type Tree = { [key: string]: string | Tree };
const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/locales');

/**
 * The web app's own translations, so journeys find screens by the text a user reads in that
 * language (and a missing or changed translation fails the journey).
 */
export const loadTexts = (language: 'en' | 'fr' | 'es') => {
  const cache = new Map<string, Tree>();
  return (key: string, values: Record<string, string> = {}): string => {
    const [namespace, dotted] = key.split(':') as [string, string];
    if (!cache.has(namespace)) {
      cache.set(namespace, JSON.parse(fs.readFileSync(path.join(localesDir, language, `${namespace}.json`), 'utf8')) as Tree);
    }
    let node: string | Tree | undefined = cache.get(namespace);
    for (const part of dotted.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no ${language} text for ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
  };
};

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
