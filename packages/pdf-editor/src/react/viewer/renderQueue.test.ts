import { describe, expect, it } from 'vitest';
import { createRenderQueue, THUMBNAIL_RANK } from './renderQueue';

/** A drawing that ends when the test says so. */
function drawing(log: string[], page: number) {
  let finish = () => {};
  const run = () => {
    log.push(`start ${page}`);
    return new Promise<void>((done) => {
      finish = () => {
        log.push(`end ${page}`);
        done();
      };
    });
  };
  return { run, finish: () => finish() };
}

const settle = () => new Promise((done) => setTimeout(done, 0));

describe('the render queue', () => {
  it('must draw one page at a time, the one nearest the view first', async () => {
    const log: string[] = [];
    const view = 20;
    const queue = createRenderQueue();
    const pages = [19, 20, 21].map((page) => ({ page, ...drawing(log, page) }));
    for (const { page, run } of pages) queue.add(() => Math.abs(page - view), run);
    await settle();
    expect(log).toEqual(['start 20']);
    pages[1]?.finish();
    await settle();
    expect(log).toEqual(['start 20', 'end 20', 'start 19']);
    pages[0]?.finish();
    await settle();
    pages[2]?.finish();
    await settle();
    expect(log).toEqual(['start 20', 'end 20', 'start 19', 'end 19', 'start 21', 'end 21']);
  });

  it('must never start the pages that left before their turn', async () => {
    const log: string[] = [];
    const queue = createRenderQueue();
    const first = drawing(log, 1);
    queue.add(() => 1, first.run);
    // Pages flying past while page 1 draws: each leaves before its turn.
    for (let page = 2; page <= 50; page++) queue.add(() => page, drawing(log, page).run)();
    queue.add(() => 51, drawing(log, 51).run);
    await settle();
    first.finish();
    await settle();
    expect(log).toEqual(['start 1', 'end 1', 'start 51']);
  });

  it('must start the next page at once when the one drawing leaves the view', async () => {
    const log: string[] = [];
    const queue = createRenderQueue();
    // A cancelled drawing whose promise never settles must not hold up the others.
    const stuck = drawing(log, 1);
    const drop = queue.add(() => 1, stuck.run);
    queue.add(() => 2, drawing(log, 2).run);
    await settle();
    drop();
    await settle();
    expect(log).toEqual(['start 1', 'start 2']);
  });

  it('must draw the thumbnails only once no page of the viewer waits', async () => {
    const log: string[] = [];
    const queue = createRenderQueue();
    const page1 = drawing(log, 1);
    queue.add(() => THUMBNAIL_RANK + 1, drawing(log, 101).run);
    queue.add(() => THUMBNAIL_RANK + 2, drawing(log, 102).run);
    queue.add(() => 0, page1.run);
    await settle();
    expect(log).toEqual(['start 1']);
    page1.finish();
    await settle();
    expect(log).toEqual(['start 1', 'end 1', 'start 101']);
  });
});
