/**
 * Pieces of patients' reviews, by star rating. A review is one opening, sometimes followed by a
 * detail of the same rating, so a few dozen sentences give hundreds of different texts.
 * "{doctor}" becomes "Dr. Lastname".
 */
export const REVIEW_OPENINGS: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = {
  5: [
    '{doctor} listened to everything I had to say and never made me feel rushed.',
    'Clear, kind and thorough. I finally understand what is going on.',
    'Best video consultation I have had. The connection was good and so was the advice.',
    '{doctor} explained my results in plain words and answered all my questions.',
    'I was nervous before the call, but {doctor} put me at ease straight away.',
    'Very professional and genuinely caring.',
    'Booked in the morning, spoke to {doctor} the same afternoon. Excellent.',
    'Took the time to go through my whole history instead of just the one symptom.',
    'Honest, practical advice and a clear plan for the next few weeks.',
    'My daughter was comfortable with {doctor} from the first minute.',
    'I have seen several doctors about this and {doctor} was the first to really help.',
    'Friendly, on time and very well prepared.',
  ],
  4: [
    'Good consultation overall. {doctor} was knowledgeable and patient.',
    'Helpful advice and a sensible plan, although the call started ten minutes late.',
    '{doctor} was thorough and friendly. The video dropped once but we carried on by phone.',
    'Very competent. I would have liked a little more time for questions.',
    'Solid, practical advice. I am already feeling better.',
    'Easy to talk to and clearly experienced.',
    'A good first appointment. {doctor} asked the right questions.',
    'Clear explanation of my options. The follow-up took a while to arrange.',
    'Pleasant and professional. I would book again.',
  ],
  3: [
    'The advice was fine, but the consultation felt a bit rushed.',
    '{doctor} was polite, though I left with some questions unanswered.',
    'Okay overall. We started twenty minutes late.',
    'Competent, but not much time to talk things through.',
    'Reasonable advice. The connection kept freezing, which made it hard to follow.',
    'Decent consultation, nothing more. I expected a clearer plan.',
  ],
  2: [
    'The call was short and I did not feel listened to.',
    'The appointment started very late and felt hurried.',
    '{doctor} seemed distracted and the advice was very general.',
    'I had to explain my symptoms twice and still did not get a clear answer.',
  ],
  1: [
    'The consultation was cut short and I was not offered another time.',
    'Very disappointing. My questions were brushed aside.',
  ],
};

export const REVIEW_DETAILS: Readonly<Record<1 | 2 | 3 | 4 | 5, readonly string[]>> = {
  5: [
    'Highly recommended.',
    'I will definitely book again.',
    'The written summary afterwards was really useful.',
    'Worth every cent.',
    'I have already recommended {doctor} to my family.',
    'Thank you!',
  ],
  4: ['I would recommend {doctor}.', 'Would see again for follow-ups.', 'Good value for the fee.'],
  3: ['Might try again, but not sure.', 'Not bad, not great.'],
  2: ['I will probably look for someone else.'],
  1: ['I would not book again.'],
};
