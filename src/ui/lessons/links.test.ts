import { describe, expect, it } from 'vitest';
import { isLessonFragment, lessonFragment, lessonUrl, stepOfFragment, withStep } from './links';

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
    expect(stepOfFragment('#run=eJxLz8lPAAA&step=cgroups')).toBe('cgroups');
  });

  it("keep the step in the toolbar's Share link of a lesson, and know the address bar's own lesson link", () => {
    expect(withStep('scenario=lessons/1-containers&at=42000ms', 'cgroups')).toBe('scenario=lessons/1-containers&at=42000ms&step=cgroups');
    expect(withStep('run=eJxLz8lPAAA&step=ps', 'cgroups')).toBe('run=eJxLz8lPAAA&step=cgroups');
    expect(stepOfFragment(`#${withStep('scenario=lessons/1-containers&at=42000ms', 'cgroups')}`)).toBe('cgroups');
    expect(isLessonFragment('#scenario=lessons/1-containers&step=ps', '1-containers')).toBe(true);
    expect(isLessonFragment('#scenario=lessons/1-containers', '1-containers')).toBe(true);
    expect(isLessonFragment('#scenario=lessons/1-containers&at=42000ms', '1-containers')).toBe(false);
    expect(isLessonFragment('#scenario=lessons/2-control-plane', '1-containers')).toBe(false);
  });
});
