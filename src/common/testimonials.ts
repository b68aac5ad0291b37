export type Testimonial = { quote: string; author: string; rally: string };

export const testimonials: Testimonial[] = [
  {
    quote: 'Four days, eleven clues we never solved and one we will never forget. The best road trip of my life, for a cause that matters.',
    author: 'Emma V.',
    rally: '2009 Barcelona',
  },
  {
    quote: 'We came for the driving and stayed for the people. By Geneva the other teams felt like family.',
    author: 'Tom P.',
    rally: '2010 Geneva',
  },
  {
    quote: 'Nothing beats rolling into Monaco after 1,400 km of puzzles, pastries and wrong turns.',
    author: 'Steve L.',
    rally: '2018 Monaco',
  },
  {
    quote: 'The clues are fiendish, the dinners are long and every penny goes to Jersey charities. Sign up.',
    author: 'Hannah L.',
    rally: '2012 St Tropez',
  },
  {
    quote: 'I have done it five times and I still get butterflies on the ferry to St Malo.',
    author: 'Nick M.',
    rally: '2016 San Sebastian',
  },
];
