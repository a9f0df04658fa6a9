// English help text: the source every other language translates, topic by
// topic, with the same number of tips.
import type { HelpCatalog } from '../topics.js';

export const en: HelpCatalog = {
  topics: {
    home: {
      title: 'Welcome to Agentflow',
      intro: 'Agentflow lets your team build AI agents and multi-agent workflows that take routine work off your hands in sales, logistics, field services and real estate.',
      tips: [
        'Use the menu at the top to move between Home, Workflows, Billing and Access control. On a phone, open it with the menu button (☰).',
        'Choose “Sign in” in the header to sign in with your e-mail or your Google account, or choose “Try the demo” to look around without an account.',
        'Change the language at any time with the language switcher in the header. When you are signed in, Agentflow remembers your choice on every device.',
        'Open Help from any page: the sidebar shows advice for the page you are on, and you can switch to any other topic.',
        'If a page does not load, choose “Try Again”. If it still fails, check your connection and reload the page.',
      ],
    },
    workflows: {
      title: 'Workflows',
      intro: 'A workflow is a set of AI agents that work together on one task, such as qualifying leads or planning deliveries. Here you find, copy, build and run them.',
      tips: [
        'Search by name, or filter by industry (sales, logistics, field services or real estate) to see only the workflows for your trade.',
        'Industry templates are ready-made workflows. Open one to see what each agent does before you use it.',
        'Copy a template to get your own version that you can change freely; the original template stays as it is.',
        'Build or change a workflow in the visual builder: add agents, connect them in the order the work should flow, then save.',
        'Run a workflow and watch its progress in the run list. Each run shows its status, its result and how many tokens it used.',
        'If a run fails, open it to read the error, adjust the workflow and run it again. A run that cannot start may mean your monthly tokens are used up.',
      ],
    },
    billing: {
      title: 'Billing and tokens',
      intro: 'Your plan sets how many tokens your workflows can use each month. Here you compare plans, upgrade, and manage payment methods and invoices.',
      tips: [
        'Each plan includes a monthly token allowance. The billing page shows how many tokens you have used this month and how many are left.',
        'To upgrade, choose a plan: you pay on Stripe’s secure checkout page, and the new allowance applies as soon as the payment goes through.',
        'Open the billing portal to add or change a payment method and to download past invoices.',
        'When your tokens run out, new workflow runs stop until the allowance renews at the start of the next billing period, or until you upgrade.',
        'If you cancel, your plan stays active until the end of the period you have paid for; you are not charged again.',
        'If a payment fails, update your payment method in the billing portal; your plan continues once the payment succeeds.',
      ],
    },
    access: {
      title: 'Access control',
      intro: 'Access control decides who can see and change what. People get roles, each role grants a set of permissions, and organizations group people who work together.',
      tips: [
        'Each role grants a set of permissions, such as viewing or running workflows, or managing access. Open a role to see exactly what it allows.',
        'An organization groups the people of one company or team, so they can share workflows and be managed together.',
        'To give someone access, assign them a role, within an organization if needed. To take access away, remove the role; the change applies right away.',
        'Only administrators can assign or remove roles and change organizations. If you need more access, ask an administrator.',
        'Every change to access is recorded in the audit log, with who made it and when. The log cannot be edited.',
      ],
    },
    install: {
      title: 'Install the app',
      intro: 'Install Agentflow on your phone, tablet or computer to open it like any other app, with its own icon and window.',
      tips: [
        'On iPhone or iPad, open Agentflow in Safari, tap Share, choose “Add to Home Screen”, then tap Add.',
        'On Android, open Agentflow in Chrome, open the menu (⋮) and choose “Install app”.',
        'On a computer, open Agentflow in Chrome or Edge and click the install icon at the right end of the address bar.',
        'Once you have opened Agentflow online, it also opens without a connection. Running workflows and payments still need the internet.',
        'When a new version is ready, a message asks you to reload. Reload to start using it.',
      ],
    },
    account: {
      title: 'Your account',
      intro: 'Your account keeps your profile and preferences, such as your language, with you on every device you sign in on.',
      tips: [
        'Sign in with your e-mail and password or with “Continue with Google”. New to Agentflow? Choose “Create an account” on the sign-in page.',
        '“Try the demo” signs you in to a shared demo account for exploring. It has no profile, so there is nothing to edit there.',
        'Forgot your password? Choose “Forgot your password?” on the sign-in page, enter your e-mail and follow the link we send you.',
        'Click your name in the header and choose Profile to change your display name, phone number and language, then save your changes.',
        'To sign out, click your name in the header and choose “Sign out”. Always do this on a shared computer.',
      ],
    },
    voice: {
      title: 'Voice commands',
      intro: 'Control Agentflow by speaking: open pages, search and run workflows, or change the language, in any of the five languages.',
      tips: [
        'Click or tap the microphone button in the header, and allow microphone access the first time your browser asks.',
        'Speak one command, then wait for Agentflow to act. To stop listening, press the button again.',
        'Try “open workflows”, “search workflows for invoices”, “run workflow Invoice reminders” or “open help”.',
        'Say “change language to Spanish” to switch the language, or “sign out” to end your session.',
        'If nothing matches, Agentflow shows what it heard and suggests commands to try. Speak clearly, close to the microphone.',
        'If the microphone is blocked, allow it in your browser’s site settings, then try again.',
      ],
    },
  },
  voiceUnsupported: 'This browser does not offer speech recognition, so the microphone button is hidden. Use Chrome, Edge or Safari to give commands by voice.',
};
