import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, within } from '@testing-library/react';
import { RouteMapFrame } from './route-map-frame';

// The observer jsdom lacks: the test says when the frame comes near the within(document.body).
let nearNow: (() => void) | null = null;
class FakeObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(element: Element) {
    nearNow = () => this.callback([{ isIntersecting: true, target: element } as unknown as IntersectionObserverEntry], this as never);
  }
  disconnect() {}
}

beforeEach(() => {
  globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
});
afterEach(() => {
  delete (globalThis as { IntersectionObserver?: unknown }).IntersectionObserver;
  nearNow = null;
});

describe('the route-map frame', () => {
  it('is in place, titled and empty, until the visitor comes near it, and then loads the map', () => {
    render(<RouteMapFrame src="/embeds/route-map?route=y2018&duration=3" title="2018 Rally Route" />);
    const frame = within(document.body).getByTitle('2018 Rally Route');
    expect(frame).toHaveProperty('height', '480');
    expect(frame.getAttribute('src')).toBeNull();
    act(() => nearNow!());
    expect(frame.getAttribute('src')).toBe('/embeds/route-map?route=y2018&duration=3');
  });
});
