import { act } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

/** A stand-in for the browser's EventSource: the test plays the server's side. */
export class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onmessage: ((m: MessageEvent<string>) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  send(data: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(data) } as MessageEvent<string>));
  }
}

/** Puts FakeEventSource in the browser's place for each test of the file (streams opened: `FakeEventSource.opened`). */
export function installFakeEventSource() {
  beforeEach(() => {
    FakeEventSource.opened = [];
    vi.stubGlobal('EventSource', FakeEventSource);
  });
  afterEach(() => vi.unstubAllGlobals());
}
