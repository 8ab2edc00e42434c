/** SMF thread URLs: index.php?topic=45.20 (topic id . start offset). */
export function topicOf(url: URL): { id: string; start: number } | undefined {
  const topic = url.searchParams.get('topic') ?? /[?;&]topic[=,](\d+(?:\.\d+)?)/.exec(url.href)?.[1];
  if (topic === null || topic === undefined) return undefined;
  const m = /^(\d+)(?:\.(\d+))?/.exec(topic);
  if (m?.[1] === undefined) return undefined;
  return { id: m[1], start: m[2] === undefined ? 0 : Number(m[2]) };
}

export const topicOfExamples: ReadonlyArray<readonly [string, { id: string; start: number } | undefined]> = [
  ['http://127.0.0.1:8082/index.php?topic=2.10', { id: '2', start: 10 }],
  ['http://127.0.0.1:8082/index.php?topic=2.0', { id: '2', start: 0 }],
  ['https://www.simplemachines.org/community/index.php?topic=45', { id: '45', start: 0 }],
  ['https://www.simplemachines.org/community/index.php?board=1.0', undefined],
];
