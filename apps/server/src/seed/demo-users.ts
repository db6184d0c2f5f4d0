export const DEMO_PASSWORD = 'referwell-demo';

/** The demo accounts listed in the README; every one is verified and signs in with DEMO_PASSWORD. */
export const DEMO_USERS = [
  {
    email: 'admin@riverside.test',
    phone: '+12025550101',
    firstName: 'Alex',
    lastName: 'Rivera',
    title: 'Practice manager',
  },
  {
    email: 'provider@riverside.test',
    phone: '+12025550102',
    firstName: 'Priya',
    lastName: 'Shah',
    title: 'MD',
    credentials: 'MD, FAAFP',
    bio: 'Family physician at Riverside since 2015; sees adults and children, with an interest in diabetes care.',
  },
  {
    email: 'provider@lakeside.test',
    phone: '+12025550103',
    firstName: 'Lena',
    lastName: 'Okafor',
    title: 'MD',
    credentials: 'MD, FAAOS',
    bio: 'Orthopaedic surgeon: knees, hips and sports injuries. Happy to take questions by chat before a referral.',
  },
  {
    email: 'root@referwell.test',
    phone: '+12025550104',
    firstName: 'Rory',
    lastName: 'Admin',
    title: null,
    isPlatformAdmin: true,
  },
] as const;
