import { describe, expect, it } from 'vitest';
import { detectStepTimer, stepMinutes, timerName } from '../../src/lib/step-timers.ts';

// What a step's text gives a timer: its minutes, its name (the detected timer's, else the verb),
// and the two together.
describe.each<[string, (text: string) => unknown, [string, unknown][]]>([
  [
    'stepMinutes',
    stepMinutes,
    [
      ['Simmer for 10 minutes.', 10],
      ['Bake 25-30 minutes until golden.', 25],
      ['Bake 25–30 minutes until golden.', 25],
      ['Roast for 40 to 45 minutes.', 40],
      ['Cook 3 or 4 minutes per side.', 3],
      ['Simmer for 1 hour 15 minutes.', 75],
      ['Simmer for 1 hour and 15 minutes.', 75],
      ['Braise for 2 hours.', 120],
      ['Marinate for 1½ hours.', 90],
      ['Marinate for 1.5 hours.', 90],
      ['Rest for an hour.', 60],
      ['Chill for an hour and a half.', 90],
      ['Leave to prove for half an hour.', 30],
      ['Boil for five minutes.', 5],
      ['Rest for a minute before slicing.', 1],
      ['Cook for 8 mins, stirring.', 8],
      ['Grill for 1 min.', 1],
      ['Steam 12 min', 12],
      ['Bake for 1-2 hours.', 60],
      ['Roast for 1 1/2 hours.', 90],
      ['Roast for 3/4 hour.', 45],
      ['Chill for ½ hour.', 30],
      ['Stir for 30 seconds.', null],
      ['Season to taste.', null],
      ['Cut into 2 cm pieces.', null],
      ['Serve with 2 tbsp of yoghurt.', null],
      ['Marinate overnight.', null],
      ['Cook for 0 minutes.', null],
    ],
  ],
  [
    'timerName',
    (text) => detectStepTimer(text)?.name ?? timerName(text),
    [
      ['Simmer for 10 minutes.', 'Simmer'],
      ['Bake for 25 minutes.', 'Bake'],
      ['Baking takes about 25 minutes.', 'Bake'],
      ['Boil the eggs for 8 minutes.', 'Boil'],
      ['Let the dough rest for 30 minutes.', 'Rest'],
      ['Chill for 2 hours.', 'Chill'],
      ['Marinate the chicken for 1 hour.', 'Marinate'],
      ['Leave to marinate for 1 hour.', 'Marinate'],
      ['Roast for 40 minutes.', 'Roast'],
      ['Grill for 4 minutes per side.', 'Grill'],
      ['Steam for 12 minutes.', 'Steam'],
      ['Cook the pasta for 9 minutes.', 'Cook'],
      ['Brown the meat, then simmer for 10 minutes.', 'Simmer'],
      ['Add the rice and cook, then simmer for 15 minutes.', 'Simmer'],
      ['Leave for 10 minutes, then bake.', 'Bake'],
      ['Whisk for 2 minutes.', 'Timer'],
      ['Set aside for 5 minutes.', 'Timer'],
      ['The cookies keep for a week.', 'Timer'],
    ],
  ],
  [
    'detectStepTimer',
    detectStepTimer,
    [
      ['Simmer gently for 10 minutes, stirring now and then.', { name: 'Simmer', minutes: 10 }],
      ['Bake 25-30 minutes.', { name: 'Bake', minutes: 25 }],
      ['Simmer for 1 hour 15 minutes.', { name: 'Simmer', minutes: 75 }],
      ['Whisk the eggs.', null],
    ],
  ],
])('%s', (_name, read, cases) => {
  it.each(cases)('%s → %j', (text, expected) => {
    expect(read(text)).toEqual(expected);
  });
});
