import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, useEffect, useState } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot, type Root } from 'react-dom/client';
import { HydrateWhenSeen, startDeferredHydration } from './hydrate-when-seen';

// React's act() is used directly (no Testing Library render): say this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The observer jsdom lacks: each observed element's callback, called when the test scrolls it "into view".
const observed = new Map<Element, IntersectionObserverCallback>();
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    observed.set(element, this.callback);
  }
  disconnect() {}
}
const scrollIntoView = (id: string) => {
  const element = document.getElementById(id)!;
  observed.get(element)!([{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
};

/** What the visitor notices of a section: whether its effects ran (it is live) and its button answers. */
const live = new Set<string>();
function Section({ id }: { id: string }) {
  const [count, setCount] = useState(0);
  useEffect(() => void live.add(id), [id]);
  return (
    <section id={id}>
      <button onClick={() => setCount((c) => c + 1)}>Pressed {count} times</button>
    </section>
  );
}

// Each test's section has an id of its own (the module keeps a gate per id for the page's life).
let below = '';
let n = 0;
function Page() {
  return (
    <main>
      <Section id="first" />
      <HydrateWhenSeen id={below}>
        <Section id={below} />
      </HydrateWhenSeen>
    </main>
  );
}

let root: Root | undefined;
let container: HTMLDivElement;
beforeEach(async () => {
  globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
  live.clear();
  below = `below-${++n}`;
  container = document.createElement('div');
  container.innerHTML = renderToString(<Page />);
  document.body.appendChild(container);
  startDeferredHydration();
  await act(async () => void (root = hydrateRoot(container, <Page />)));
});
afterEach(() => {
  act(() => root?.unmount());
  container.remove();
});

describe('a section hydrated when seen', () => {
  it('keeps the server HTML but stays inert until it nears the screen, then hydrates', async () => {
    expect(live).toEqual(new Set(['first']));
    expect(container.querySelector(`#${below} button`)!.textContent).toBe('Pressed 0 times');
    await act(async () => scrollIntoView(below));
    expect(live).toEqual(new Set(['first', below]));
  });

  it('answers a click made before it was seen', async () => {
    const button = container.querySelector<HTMLButtonElement>(`#${below} button`)!;
    expect(live.has(below)).toBe(false);
    await act(async () => void button.click());
    expect(live.has(below)).toBe(true);
    expect(button.textContent).toBe('Pressed 1 times');
  });
});
