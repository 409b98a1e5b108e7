import { describe, expect, it } from 'vitest';
import { lessonFragment, lessonUrl, stepOfFragment } from './links';

describe('lesson links', () => {
  it('name the lesson as a built-in scenario in its folder, and the step beside it', () => {
    expect(lessonFragment('1-containers')).toBe('scenario=lessons/1-containers');
    expect(lessonFragment('1-containers', 'desired-state')).toBe('scenario=lessons/1-containers&step=desired-state');
    expect(lessonUrl('https://x.dev/kubeplay/#run=abc', '2-control-plane', 'quorum')).toBe('https://x.dev/kubeplay/#scenario=lessons/2-control-plane&step=quorum');
  });

  it('read the step back only from a lesson link, and only a well-formed id', () => {
    expect(stepOfFragment('#scenario=lessons/1-containers&step=desired-state')).toBe('desired-state');
    expect(stepOfFragment('#scenario=lessons/1-containers')).toBeNull();
    expect(stepOfFragment('#scenario=default&step=x')).toBeNull();
    expect(stepOfFragment('#scenario=lessons/1-containers&step=<script>')).toBeNull();
  });
});
