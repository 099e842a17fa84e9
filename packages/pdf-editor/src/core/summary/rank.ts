// Which sentences say most of what the document is about: centroid ranking (Radev et al., MEAD).
// Each sentence is a TF-IDF vector of its words (a sentence counts as a "document" for the IDF, so
// words every sentence uses weigh little); the document's centroid is their sum; a sentence scores
// its cosine with the centroid. Why this and not TextRank: TextRank compares every pair of
// sentences, which is quadratic (a thousand-page report has ~30,000 sentences, ~10^9 pairs),
// while the centroid is one pass over the words, and on short texts the two pick much the same
// sentences. No model, no download, deterministic. Picks then favour sentences unlike those
// already picked (maximal marginal relevance), so the summary does not say the same thing twice.

// Function words of English that carry no topic; other languages lean on the IDF alone.
const STOP_WORDS = new Set(
  ('a about above after again against all also am an and any are as at be because been before being below between both but by can ' +
    'could did do does doing down during each few for from further had has have having he her here hers herself him himself his how i ' +
    'if in into is it its itself just let me more most my myself no nor not now of off on once only or other our ours ourselves out over ' +
    'own same she should so some such than that the their theirs them themselves then there these they this those through to too under ' +
    'until up upon us very was we were what when where which while who whom why will with within without would you your yours yourself ' +
    'yourselves may might must shall one two use used using however thus therefore since although though via per')
    .split(' '),
);

/** How similar (cosine) a sentence may be to one already picked before it is a repetition. */
const REDUNDANT = 0.6;
/** The weight of centrality against novelty in each pick (1: centrality alone). */
const RELEVANCE = 0.7;
/** How many of the most central sentences each pick chooses among. */
const CANDIDATES_PER_PICK = 10;

/** The topic words of a sentence: lower case, without function words, numbers and one-letter words, plural "s" dropped. */
export function terms(sentence: string): string[] {
  const words = sentence.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return words
    .filter((word) => word.length > 1 && !STOP_WORDS.has(word) && /\p{L}/u.test(word))
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

type Vector = Map<string, number>;

function norm(vector: Vector): number {
  let sum = 0;
  for (const value of vector.values()) sum += value * value;
  return Math.sqrt(sum);
}

function cosine(a: Vector, b: Vector, normA: number, normB: number): number {
  if (normA === 0 || normB === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let dot = 0;
  for (const [term, value] of small) dot += value * (large.get(term) ?? 0);
  return dot / (normA * normB);
}

/**
 * The indexes of the `count` sentences that best represent the document, best first, leaving out
 * those that repeat a better one. Ties keep document order, so the result is the same every time.
 */
export function rankSentences(sentences: readonly string[], count: number): number[] {
  const termLists = sentences.map(terms);
  const containing = new Map<string, number>();
  for (const list of termLists) for (const term of new Set(list)) containing.set(term, (containing.get(term) ?? 0) + 1);
  const vectors = termLists.map((list) => {
    const vector: Vector = new Map();
    for (const term of list) vector.set(term, (vector.get(term) ?? 0) + 1);
    for (const [term, frequency] of vector) vector.set(term, frequency * Math.log(1 + sentences.length / (containing.get(term) ?? 1)));
    return vector;
  });
  const centroid: Vector = new Map();
  for (const vector of vectors) for (const [term, weight] of vector) centroid.set(term, (centroid.get(term) ?? 0) + weight);
  const norms = vectors.map(norm);
  const centroidNorm = norm(centroid);
  const order = vectors
    .map((vector, index) => ({ index, score: cosine(vector, centroid, norms[index] ?? 0, centroidNorm) }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  // Maximal marginal relevance (Carbonell and Goldstein) over the best candidates: each pick is the
  // one most central less most like a sentence already picked, so the summary covers the
  // document's topics rather than repeating its main one.
  const candidates = order.slice(0, count * CANDIDATES_PER_PICK);
  const likeness = new Map(candidates.map(({ index }) => [index, 0]));
  const picked: number[] = [];
  while (picked.length < count && candidates.length > 0) {
    let best = 0;
    let bestValue = -Infinity;
    candidates.forEach(({ index, score }, at) => {
      const value = RELEVANCE * score - (1 - RELEVANCE) * (likeness.get(index) ?? 0);
      if (value > bestValue) [best, bestValue] = [at, value];
    });
    const [chosen] = candidates.splice(best, 1);
    if (!chosen) break;
    if ((likeness.get(chosen.index) ?? 0) <= REDUNDANT) picked.push(chosen.index);
    const vector = vectors[chosen.index] ?? new Map();
    for (const { index } of candidates) {
      const similar = cosine(vector, vectors[index] ?? new Map(), norms[chosen.index] ?? 0, norms[index] ?? 0);
      if (similar > (likeness.get(index) ?? 0)) likeness.set(index, similar);
    }
  }
  return picked;
}
