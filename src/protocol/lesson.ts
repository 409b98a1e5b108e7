// A lesson as the page receives it with `loaded` (the scenario's `spec.lesson`, parsed and checked by
// src/sim/scenario/lesson.ts, which documents each field). The protocol keeps its own copy of the
// shape, as it does for every view: the page never imports the simulation.

export interface Bilingual {
  en: string;
  ru: string;
}

export type LessonHighlight = { component: string } | { message: string } | { lane: string };

export type LessonCondition =
  | { objects: string; namespace?: string; name?: string; labels?: Record<string, string>; field?: string; equals?: string; printed?: boolean; set?: string; unset?: string; count?: number; min?: number }
  | { component: string; alive: boolean }
  | { host: string; up: boolean }
  | { output: string };

export interface LessonDo {
  prompt: Bilingual;
  command?: string;
  check: LessonCondition[];
}

export interface LessonStep {
  id: string;
  text: Bilingual;
  highlight?: LessonHighlight;
  do?: LessonDo;
}

export interface LessonQuestion {
  text: Bilingual;
  choices: Bilingual[];
  answer: number;
  explain: Bilingual;
}

export interface LessonSection {
  id: string;
  title: Bilingual;
  steps: LessonStep[];
  question?: LessonQuestion;
}

export interface LessonView {
  title: Bilingual;
  sections: LessonSection[];
}
