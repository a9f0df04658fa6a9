import type { HelpCatalog } from '../topics.js';

export const it: HelpCatalog = {
  topics: {
    home: {
      title: 'Benvenuto in Agentflow',
      intro: 'Con Agentflow il tuo team crea agenti IA e flussi di lavoro multi-agente che si occupano delle attività ripetitive in vendite, logistica, assistenza sul campo e immobiliare.',
      tips: [
        'Usa il menu in alto per spostarti tra Pagina iniziale, Flussi di lavoro, Fatturazione e Controllo degli accessi. Sul telefono, aprilo con il pulsante del menu (☰).',
        'Scegli «Accedi» nell’intestazione per entrare con la tua e-mail o con il tuo account Google, oppure scegli «Prova la demo» per dare un’occhiata senza un account.',
        'Cambia lingua quando vuoi con il selettore della lingua nell’intestazione. Se hai effettuato l’accesso, Agentflow ricorda la tua scelta su tutti i tuoi dispositivi.',
        'Apri l’Aiuto da qualsiasi pagina: il pannello laterale mostra consigli per la pagina in cui ti trovi e puoi passare a qualsiasi altro argomento.',
        'Se una pagina non si carica, scegli «Riprova». Se il problema persiste, controlla la connessione e ricarica la pagina.',
      ],
    },
    workflows: {
      title: 'Flussi di lavoro',
      intro: 'Un flusso di lavoro è un insieme di agenti IA che collaborano su un’attività, come qualificare i potenziali clienti o pianificare le consegne. Qui li trovi, li copi, li crei e li esegui.',
      tips: [
        'Cerca per nome oppure filtra per settore (vendite, logistica, assistenza sul campo o immobiliare) per vedere solo i flussi del tuo settore.',
        'I modelli di settore sono flussi già pronti. Aprine uno per vedere che cosa fa ogni agente prima di usarlo.',
        'Copia un modello per avere una tua versione da modificare liberamente; il modello originale resta invariato.',
        'Crea o modifica un flusso nell’editor visuale: aggiungi gli agenti, collegali nell’ordine in cui deve procedere il lavoro, poi salva.',
        'Esegui un flusso e seguine l’avanzamento nell’elenco delle esecuzioni. Ogni esecuzione mostra lo stato, il risultato e quanti token ha consumato.',
        'Se un’esecuzione non riesce, aprila per leggere l’errore, correggi il flusso ed eseguilo di nuovo. Se un’esecuzione non parte, forse hai esaurito i token del mese.',
      ],
    },
    billing: {
      title: 'Fatturazione e token',
      intro: 'Il tuo piano stabilisce quanti token possono consumare ogni mese i tuoi flussi di lavoro. Qui confronti i piani, passi a un piano superiore e gestisci metodi di pagamento e fatture.',
      tips: [
        'Ogni piano include una quota mensile di token. La pagina Fatturazione mostra quanti token hai consumato questo mese e quanti ne restano.',
        'Per passare a un piano superiore, sceglilo: paghi sulla pagina di pagamento sicura di Stripe e la nuova quota si applica non appena il pagamento va a buon fine.',
        'Apri il portale di fatturazione per aggiungere o cambiare un metodo di pagamento e scaricare le fatture precedenti.',
        'Quando i token finiscono, non puoi avviare nuove esecuzioni finché la quota non si rinnova all’inizio del periodo di fatturazione successivo, o finché non passi a un piano superiore.',
        'Se annulli l’abbonamento, il piano resta attivo fino alla fine del periodo già pagato; non ti verrà addebitato altro.',
        'Se un pagamento non va a buon fine, aggiorna il metodo di pagamento nel portale di fatturazione; il piano prosegue non appena il pagamento riesce.',
      ],
    },
    access: {
      title: 'Controllo degli accessi',
      intro: 'Il controllo degli accessi stabilisce chi può vedere e modificare che cosa. Le persone ricevono dei ruoli, ogni ruolo concede un insieme di permessi e le organizzazioni raggruppano chi lavora insieme.',
      tips: [
        'Ogni ruolo concede un insieme di permessi, ad esempio visualizzare o eseguire flussi di lavoro, oppure gestire gli accessi. Apri un ruolo per vedere esattamente che cosa consente.',
        'Un’organizzazione raggruppa le persone di un’azienda o di un team, così possono condividere i flussi di lavoro ed essere gestite insieme.',
        'Per dare accesso a qualcuno, assegnagli un ruolo, all’interno di un’organizzazione se serve. Per revocarlo, rimuovi il ruolo: la modifica vale subito.',
        'Solo gli amministratori possono assegnare o rimuovere ruoli e modificare le organizzazioni. Se ti servono più accessi, chiedi a un amministratore.',
        'Ogni modifica agli accessi viene annotata nel registro di controllo, con chi l’ha fatta e quando. Il registro non può essere modificato.',
      ],
    },
    install: {
      title: 'Installare l’app',
      intro: 'Installa Agentflow su telefono, tablet o computer per aprirla come qualsiasi altra app, con la sua icona e la sua finestra.',
      tips: [
        'Su iPhone o iPad, apri Agentflow in Safari, tocca Condividi, scegli «Aggiungi alla schermata Home», poi tocca Aggiungi.',
        'Su Android, apri Agentflow in Chrome, apri il menu (⋮) e scegli «Installa app».',
        'Sul computer, apri Agentflow in Chrome o Edge e fai clic sull’icona di installazione alla fine della barra degli indirizzi.',
        'Dopo averla aperta una volta online, Agentflow si apre anche senza connessione. Per eseguire i flussi di lavoro e per i pagamenti serve comunque internet.',
        'Quando è pronta una nuova versione, un messaggio ti chiede di ricaricare la pagina. Ricaricala per iniziare a usarla.',
      ],
    },
    account: {
      title: 'Il tuo account',
      intro: 'Il tuo account conserva il profilo e le preferenze, come la lingua, e ti segue su ogni dispositivo da cui accedi.',
      tips: [
        'Accedi con e-mail e password oppure con «Continua con Google». Prima volta su Agentflow? Scegli «Crea un account» nella pagina di accesso.',
        '«Prova la demo» ti fa entrare in un account demo condiviso per esplorare. Non ha un profilo, quindi non c’è nulla da modificare.',
        'Hai dimenticato la password? Scegli «Hai dimenticato la password?» nella pagina di accesso, inserisci la tua e-mail e segui il link che ti inviamo.',
        'Fai clic sul tuo nome nell’intestazione e scegli Profilo per cambiare nome visualizzato, numero di telefono e lingua, poi salva le modifiche.',
        'Per uscire, fai clic sul tuo nome nell’intestazione e scegli «Esci». Fallo sempre su un computer condiviso.',
      ],
    },
    voice: {
      title: 'Comandi vocali',
      intro: 'Controlla Agentflow con la voce: apri pagine, cerca ed esegui flussi di lavoro o cambia lingua, in ognuna delle cinque lingue.',
      tips: [
        'Fai clic o tocca il pulsante del microfono nell’intestazione e consenti l’accesso al microfono la prima volta che il browser lo chiede.',
        'Pronuncia un solo comando e attendi che Agentflow agisca. Per smettere di ascoltare, premi di nuovo il pulsante.',
        'Prova «apri i flussi di lavoro», «cerca flussi di lavoro sulle fatture», «esegui il flusso Solleciti fatture» oppure «apri l’aiuto».',
        'Di’ «cambia lingua in inglese» per cambiare lingua, oppure «esci» per chiudere la sessione.',
        'Se nessun comando corrisponde, Agentflow ti mostra che cosa ha sentito e ti suggerisce dei comandi. Parla chiaramente, vicino al microfono.',
        'Se il microfono è bloccato, consentilo nelle impostazioni del sito del browser, poi riprova.',
      ],
    },
  },
  voiceUnsupported: 'Questo browser non offre il riconoscimento vocale, perciò il pulsante del microfono è nascosto. Usa Chrome, Edge o Safari per dare comandi con la voce.',
};
