// Deutsch: the error catalogue's texts (one per code in @beurs/contract), loaded on their own
// by the back-office and part of this language's locale in the app.
export default {
  VALIDATION_FAILED: 'Einige Angaben sind ungültig.',
  MALFORMED_JSON: 'Die Anfrage konnte nicht gelesen werden.',
  UNAUTHENTICATED: 'Ihre Sitzung ist beendet. Bitte melden Sie sich erneut an.',
  FORBIDDEN: 'Dafür fehlt Ihnen die Berechtigung.',
  NOT_FOUND: 'Diese Funktion gibt es nicht.',
  PAYLOAD_TOO_LARGE: 'Die Datei ist zu groß (höchstens {{limitBytes}} Byte).',
  RATE_LIMITED: 'Zu viele Anfragen. Versuchen Sie es in {{retryAfterSeconds}} Sekunden erneut.',
  INTERNAL_ERROR: 'Bei uns ist etwas schiefgegangen. Versuchen Sie es später erneut.',
  SERVICE_UNAVAILABLE: 'Der Dienst startet oder wird aktualisiert. Versuchen Sie es gleich erneut.',
  ACCOUNT_NOT_FOUND: 'Dieses Konto existiert nicht.',
  WRONG_CREDENTIALS: 'Konto oder Passwort falsch.',
  ACCOUNT_EXISTS: 'Ein Konto mit dieser Telefonnummer existiert bereits.',
  INVITER_NOT_FOUND: 'Dieser Einladungscode ist ungültig.',
  LOGIN_LOCKED: 'Zu viele Fehlversuche. Versuchen Sie es nach {{until}} erneut.',
  ACCOUNT_FROZEN: 'Ihr Konto ist eingefroren ({{reason}}). Wenden Sie sich an den Kundenservice.',
  LOGIN_BANNED:
    'Die Anmeldung ist für dieses Konto gesperrt ({{reason}}). Wenden Sie sich an den Kundenservice.',
  ACCOUNT_DISABLED: 'Dieses Konto ist deaktiviert ({{reason}}).',
  TRADING_BARRED: 'Mit diesem Konto kann nicht gehandelt werden ({{reason}}).',
  WITHDRAWAL_BARRED:
    'Auszahlungen von diesem Konto sind bis {{until}} gesperrt: {{barReason}}. Wenden Sie sich bei Fragen an den Support.',
  WITHDRAWAL_BAR_NEEDS_APPROVAL:
    'Auszahlungen werden nur über einen Sperrantrag mit einem Grund aus der Liste gesperrt, den ein zweiter Mitarbeiter genehmigt.',
  WITHDRAWAL_BAR_NEEDS_SECOND_STAFF: 'Ein anderer Mitarbeiter muss diese Auszahlungssperre genehmigen.',
  PASSWORDS_DO_NOT_MATCH: 'Die beiden Passwörter stimmen nicht überein.',
  WRONG_ORIGINAL_PASSWORD: 'Das aktuelle Passwort ist falsch.',
  WRONG_FUND_PASSWORD: 'Das Zahlungspasswort ist falsch. Verbleibende Versuche: {{attemptsLeft}}.',
  FUND_PASSWORD_NOT_SET: 'Legen Sie zuerst ein Zahlungspasswort fest.',
  FUND_PASSWORD_LOCKED: 'Zu viele falsche Zahlungspasswörter. Versuchen Sie es nach {{until}} erneut.',
  WRONG_CHANNEL_PASSWORD: 'Das Kanalpasswort ist falsch.',
  SECRET_KEY_MISMATCH: 'Der geheime Schlüssel stimmt nicht.',
  IDENTITY_REQUIRED: 'Bestätigen Sie zuerst Ihre Identität.',
  IDENTITY_PENDING: 'Ihre Identitätsprüfung wartet auf Bearbeitung.',
  IDENTITY_REJECTED: 'Ihre Identitätsprüfung wurde nicht bestanden: {{reason}}.',
  INSUFFICIENT_BALANCE: 'Guthaben nicht ausreichend. Verfügbar: {{available}}.',
  INSUFFICIENT_AVAILABLE: 'Verfügbares Guthaben nicht ausreichend. Verfügbar: {{available}}.',
  INSUFFICIENT_WITHDRAWABLE:
    'Nicht genug auszahlbarer Betrag. Auszahlbar: {{withdrawable}}. Noch nicht abgewickelte Verkaufserlöse sind ab {{settlesOn}} auszahlbar.',
  INSUFFICIENT_CREDIT_SCORE:
    'Ihre Kreditwürdigkeit reicht für diesen Kredit nicht (mindestens {{required}}).',
  INSUFFICIENT_CREDIT_LIMIT: 'Das übersteigt Ihr Kreditlimit von {{limit}}.',
  INSUFFICIENT_QUOTA: 'Das Kontingent ist erschöpft. Verbleibend: {{remaining}}.',
  CARD_EXISTS: 'Diese Karte ist bereits registriert.',
  CARD_NOT_FOUND: 'Diese Karte existiert nicht.',
  CARD_NOT_OWN: 'Die Karte muss auf Ihren eigenen Namen lauten.',
  FUND_OPERATION_IN_PROGRESS: 'Ein anderer Geldvorgang läuft noch. Warten Sie, bis er abgeschlossen ist.',
  DEPOSIT_PENDING: 'Eine Einzahlung ist bereits in Bearbeitung.',
  FUND_OPERATION_NOT_PENDING:
    'Diese Ein- oder Auszahlung wurde bereits entschieden und kann nicht mehr storniert werden.',
  UNPAID_LOAN: 'Sie haben einen offenen Kredit. Zahlen Sie ihn zuerst zurück.',
  ORDER_IN_REVIEW: 'Ein Auftrag wartet auf Prüfung.',
  REPAYMENT_EXCEEDS_LOAN: 'Die Rückzahlung übersteigt den Kredit. Offen: {{outstanding}}.',
  MARKET_CLOSED: 'Der Markt ist geschlossen. Er öffnet um {{opensAt}}.',
  PRICE_LIMIT_EXCEEDED: 'Der Kurs liegt außerhalb der zulässigen Spanne ({{low}} – {{high}}).',
  PRICE_UNAVAILABLE: 'Für diese Aktie ist gerade kein Kurs verfügbar.',
  PRICE_NOT_POSITIVE: 'Der Auftragspreis muss über 0 liegen.',
  BELOW_PRODUCT_MINIMUM: 'Der Betrag liegt unter dem Minimum von {{minimum}}.',
  POSITION_LOCKED: 'Diese Position ist bis {{until}} gesperrt.',
  SELL_LOCKED_DAYS:
    'Diese Position kann innerhalb von {{days}} Tagen nach dem Kauf nicht verkauft werden (ab {{until}}).',
  SELL_LOCKED_MINUTES:
    'Diese Position kann innerhalb von {{minutes}} Minuten nach dem Kauf nicht verkauft werden (ab {{until}}).',
  BLOCK_TRADE_CLOSED: 'Der Blockhandel ist geschlossen.',
  MARGIN_NOT_ENABLED:
    'Margin-Handel ist nicht freigeschaltet. Eröffnen Sie zuerst ein Marginkonto (Ich → Marginkonto).',
  MARGIN_QUOTA_FULL: 'Das Kontingent für Wertpapierkredite ist ausgeschöpft oder der Kanal geschlossen.',
  SHORT_NOT_LENDABLE:
    'Dieses Instrument ({{symbol}}) steht nicht auf der Liste der verleihbaren Wertpapiere: Es kann nicht leerverkauft werden.',
  LENDING_CHANNEL_CLOSED:
    'Die Wertpapierleihe ist für {{symbol}} ausgesetzt: vorerst keine neuen Leerverkäufe.',
  PRODUCT_UNAVAILABLE: 'Dieses Produkt existiert nicht, ist nicht im Angebot oder wurde eingestellt.',
  COPY_TRADING_CLOSED: 'Die Frist für Copy-Trading ist abgelaufen.',
  SUBSCRIPTION_NOT_OPEN: 'Die Zeichnung beginnt am {{opensAt}}.',
  IPO_CHANNEL_CLOSED: 'Der Kanal für Neuemissionen ist nicht geöffnet.',
  BLOCK_TRADE_DAILY_LIMIT:
    'Das Tageslimit für diesen Blockhandel beträgt {{limit}} Aktien; heute können Sie noch {{left}} zeichnen.',
  IPO_SUBSCRIPTION_LIMIT: 'Sie können diese Emission höchstens {{limit}}-mal zeichnen.',
  NOT_LISTED: 'Noch nicht börsennotiert.',
  QUANTITY_NOT_WHOLE_LOTS:
    'Die Menge muss eine ganze Zahl von Lots zu {{lotSize}} mit höchstens {{decimals}} Nachkommastellen sein.',
  INSTRUMENT_NOT_TRADABLE: '{{symbol}} kann hier nicht gehandelt werden.',
  INSUFFICIENT_POSITION: 'Sie halten weniger Stück. Verkaufbar: {{available}}.',
  STRATEGY_CODE_TAKEN: 'Eine Strategie mit dem Code {{code}} gibt es bereits. Wählen Sie einen anderen Code.',
  STRATEGY_INSTRUMENT_REPEATED: '{{symbol}} steht zweimal darin. Jedes Instrument kommt einmal vor.',
  STRATEGY_CURRENCIES_MIXED:
    '{{symbol}} notiert in {{currency}}: Alle Instrumente einer Strategie notieren in einer Währung.',
  STRATEGY_WEIGHTS_INVALID:
    'Geben Sie jedem Instrument ein Gewicht über 0; die Gewichte ergeben zusammen 10.000 Basispunkte (jetzt {{total}}).',
  STRATEGY_RULE_PARAMETERS_INVALID:
    'Diese Parameter passen nicht zur Regel: Gewichte nur bei festen Gewichten; ein Rückblick von 2 bis 250 Kursen bei Trend und Momentum; bei Momentum eine Anzahl zu haltender Titel von 1 bis eins weniger als die Instrumente.',
  STRATEGY_MANAGEMENT_FEE_ABOVE_CAP: 'Die Verwaltungsgebühr beträgt höchstens {{cap}} % im Jahr.',
  STRATEGY_PERFORMANCE_FEE_ABOVE_CAP:
    'Die Erfolgsgebühr beträgt höchstens {{cap}} % des Gewinns über der High-Water-Mark.',
  ORDER_EXPIRY_OUT_OF_RANGE:
    'Ein Auftrag bis auf Widerruf kann höchstens bis {{latest}} laufen (und nicht in der Vergangenheit enden).',
  ORDER_NOT_FOUND: 'Dieser Auftrag existiert nicht.',
  ORDER_NOT_PENDING: 'Nur ein offener Auftrag kann storniert werden.',
  ORDER_NOT_HOLDING: 'Nur eine gehaltene Position kann verkauft oder geschlossen werden.',
  ORDER_NOT_IN_REVIEW: 'Nur ein Auftrag in Prüfung kann bearbeitet werden.',
  ORDER_NOT_SUBSCRIBABLE: 'Nur ein Auftrag in Zeichnung oder mit offener Zahlung kann geändert werden.',
  ALREADY_PROCESSED: 'Das wurde bereits erledigt. Wiederholen Sie den Vorgang nicht.',
  ALREADY_CHECKED_IN: 'Sie haben heute schon eingecheckt.',
  INSUFFICIENT_CHECKINS: 'Nicht genug Check-ins ({{required}} nötig).',
  IDEMPOTENCY_KEY_REUSED: 'Diese Anfrage wurde bereits mit anderen Angaben gesendet.',
  INVALID_AMOUNT: 'Geben Sie einen gültigen positiven Betrag in {{currency}} ein.',
  SESSION_NOT_FOUND: 'Diese Sitzung existiert nicht.',
  UNKNOWN_SYMBOL: 'Kein Instrument hat das Symbol {{symbol}}.',
  UNKNOWN_MARKET: 'Einen Markt {{market}} gibt es nicht.',
  UNKNOWN_PERIOD: 'Einen Chartzeitraum {{period}} gibt es nicht.',
  UNKNOWN_RANGE: 'Einen Chartbereich {{range}} gibt es nicht.',
  UNKNOWN_ADJUSTMENT: 'Eine Kursbereinigung {{adjustment}} gibt es nicht.',
  PERIOD_RANGE_UNSUPPORTED: 'Der {{period}}-Chart reicht höchstens {{longestRange}} zurück, nicht {{range}}.',
  WATCHLIST_FULL: 'Ihre Beobachtungsliste ist voll ({{limit}} Symbole). Entfernen Sie zuerst eines.',
  STREAM_MESSAGE_INVALID: 'Die Verbindung für Live-Kurse hat eine unverständliche Nachricht erhalten.',
  STREAM_SUBSCRIPTION_LIMIT: 'Live-Kurse können höchstens {{limit}} Symbole gleichzeitig verfolgen.',
  STREAM_CONNECTION_LIMIT:
    'Zu viele gleichzeitige Live-Kursverbindungen aus diesem Netz. Schließen Sie ein anderes Fenster oder versuchen Sie es später erneut.',
  STREAM_RATE_LIMITED:
    'Zu viele Nachrichten auf der Verbindung für Live-Kurse (höchstens {{messagesPerSecond}} pro Sekunde).',
  STAFF_USERNAME_EXISTS: 'Ein Mitarbeiter mit diesem Benutzernamen existiert bereits.',
  STAFF_DISABLED: 'Dieses Mitarbeiterkonto ist deaktiviert. Ein Administrator kann es wieder aktivieren.',
  STAFF_NOT_FOUND: 'Es gibt keinen Mitarbeiter mit dieser ID.',
  STAFF_ALREADY_DISABLED: 'Dieses Mitarbeiterkonto ist bereits deaktiviert.',
  STAFF_NOT_DISABLED: 'Dieses Mitarbeiterkonto ist nicht deaktiviert.',
  STAFF_CANNOT_DISABLE_SELF: 'Sie können Ihr eigenes Konto nicht deaktivieren.',
  TWO_FACTOR_REQUIRED:
    'Geben Sie den Code aus Ihrer Authentifizierungs-App oder einen Ihrer Wiederherstellungscodes ein.',
  WRONG_TWO_FACTOR_CODE: 'Dieser Code ist falsch, abgelaufen oder wurde bereits verwendet.',
  TWO_FACTOR_ALREADY_ENABLED: 'Die Zwei-Faktor-Anmeldung ist bereits aktiviert.',
  TWO_FACTOR_NOT_STARTED: 'Starten Sie zuerst die Einrichtung der Zwei-Faktor-Anmeldung.',
  STAFF_TWO_FACTOR_REQUIRED: 'Mitarbeitende müssen zuerst die Zwei-Faktor-Anmeldung einrichten.',
  STAFF_PASSWORD_CHANGE_REQUIRED: 'Ändern Sie zuerst das Startpasswort, bevor Sie etwas anderes tun.',
  STAFF_LAST_ADMIN: 'Das letzte aktive Administratorkonto kann nicht deaktiviert werden.',
  RESTRICTION_ALREADY_ACTIVE: 'Diese Einschränkung ({{kind}}) gilt für das Konto bereits.',
  RESTRICTION_NOT_ACTIVE: 'Für das Konto gilt keine solche Einschränkung ({{kind}}).',
  RECORD_NOT_FOUND: 'Dieser Antrag, diese Einzahlung oder Auszahlung existiert nicht.',
  UPLOAD_TOO_LARGE: 'Die Datei ist zu groß (höchstens {{limitBytes}} Byte).',
  UPLOAD_TYPE_UNSUPPORTED: 'Diese Datei ist kein akzeptiertes Foto ({{accepted}}).',
  UPLOAD_HEIC_UNSUPPORTED:
    'HEIC-Fotos können noch nicht gelesen werden. Bitte senden Sie das Foto als JPEG, PNG oder WebP.',
  UPLOAD_TOO_MANY_PIXELS: 'Das Foto ist zu groß (höchstens {{limitMegapixels}} Megapixel).',
  UPLOAD_IMAGE_INVALID: 'Das Foto ist beschädigt oder unvollständig. Bitte neu aufnehmen.',
  UPLOAD_NOT_FOUND: 'Das hochgeladene Foto wurde nicht gefunden. Bitte erneut hochladen.',
  IDENTITY_ALREADY_VERIFIED: 'Ihre Identität ist bereits bestätigt.',
  ID_NUMBER_INVALID: 'Diese Ausweisnummer ist für das gewählte Dokument ({{documentType}}) ungültig.',
  FUND_PASSWORD_ALREADY_SET: 'Ein Fondspasswort ist bereits festgelegt. Ändern oder setzen Sie es zurück.',
  IBAN_INVALID: 'Diese IBAN ist ungültig. Bitte prüfen Sie die Nummer.',
  BIC_INVALID: 'Dieser BIC ist ungültig.',
  WALLET_ADDRESS_INVALID: 'Dies ist keine gültige {{network}}-Adresse. Prüfen Sie jedes Zeichen.',
  WALLET_EXISTS: 'Diese Wallet-Adresse ist bereits registriert.',
  WALLET_NOT_FOUND: 'Diese Wallet-Adresse existiert nicht.',
  SCAM_CHECK_REQUIRED: 'Bitte beantworten Sie zuerst die Sicherheitsfrage ({{trigger}}).',
  INSTITUTIONAL_MINIMUM_TOO_LOW:
    'Ein institutionelles Sammelkonto nimmt Einzahlungen ab {{minimum}} {{currency}} an.',
  DEPOSIT_CHANNEL_UNAVAILABLE: 'Dieser Einzahlungskanal ist geschlossen oder existiert nicht.',
  DEMO_CHANNEL_NOT_ALLOWED:
    'Ein Demo-Einzahlungskanal existiert nur im Demomodus, und seine Referenz darf keine Kontonummer sein.',
  ID_NUMBER_CHECK_FAILED: 'Die Ausweisnummer besteht die Prüfung für ihren Dokumenttyp nicht.',
  ID_PHOTOS_MISSING: 'Ein Foto des Ausweisdokuments fehlt oder ist nicht lesbar.',
  DEPOSIT_PROOF_MISSING: 'Der Überweisungsbeleg fehlt oder ist nicht lesbar.',
  WITHDRAWAL_RULES_NOT_MET:
    'Eine Auszahlungsregel ist nicht mehr erfüllt (Identität, Einschränkungen oder Auszahlungskarte).',
  DEMO_DESK_NOT_ALLOWED:
    'Der Demo-Schalter entscheidet nichts außerhalb des Demomodus oder wenn er ausgeschaltet ist.',
  DEPOSIT_AMOUNT_OUT_OF_RANGE: 'Der Betrag muss zwischen {{minimum}} und {{maximum}} {{currency}} liegen.',
  WITHDRAWAL_BELOW_MINIMUM: 'Die Mindestauszahlung beträgt {{minimum}} {{currency}}.',
  WITHDRAWAL_OUTSIDE_HOURS:
    'Bitte zahlen Sie während der Auszahlungszeiten aus: {{opens}} bis {{closes}} ({{timeZone}}) an Werktagen.',
  IDEMPOTENCY_KEY_REQUIRED: 'Der Anfrage fehlt der Header {{header}}.',
  EXCHANGE_SAME_CURRENCY: 'Wählen Sie zwei verschiedene Währungen.',
  CORRECTION_NEEDS_SECOND_STAFF:
    'Eine Korrektur über {{threshold}} muss von einem anderen Mitarbeiter genehmigt werden.',
  CORRECTION_APPROVER_NOT_INDEPENDENT:
    'Ihr Konto wurde in den letzten {{days}} Tagen vom Urheber dieser Korrektur angelegt oder wieder freigegeben: Ein anderer Mitarbeiter muss sie genehmigen.',
  EXCHANGE_QUOTE_EXPIRED:
    'Dieses Angebot galt {{seconds}} Sekunden und ist nicht mehr gültig (abgelaufen oder bereits verwendet). Holen Sie ein neues Angebot ein.',
  EXCHANGE_QUOTE_INVALID: 'Dieses Angebot wurde nicht für Sie erstellt. Holen Sie ein neues Angebot ein.',
  CREDIT_AMOUNT_NOT_WHOLE: 'Zusätzlichen Kredit in ganzen Euro über 0 beantragen (zum Beispiel 200).',
  LOAN_NOT_FOUND: 'Dieser Kredit existiert nicht oder gehört nicht Ihnen.',
  LOAN_NOT_OPEN: 'Dieser Kredit ist zurückgezahlt; es ist nichts mehr offen.',
  TIME_ZONE_INVALID: 'Ihr Gerät meldet eine Zeitzone, die Beurs nicht kennt.',
  ALREADY_PROFESSIONAL: 'Sie sind bereits professioneller Kunde (Seat Account).',
  PROFESSIONAL_APPLICATION_PENDING: 'Ihr Antrag als professioneller Kunde wartet auf eine Entscheidung.',
  PROFESSIONAL_CRITERIA_TOO_FEW: 'Wählen Sie mindestens {{required}} der drei Kriterien.',
  PROFESSIONAL_TRADES_NOT_MET:
    'Ihre Geschäfte in Beurs erfüllen das Kriterium nicht: {{counted}} bedeutende Geschäfte in den letzten vier Quartalen, {{required}} nötig.',
  PROFESSIONAL_EVIDENCE_REQUIRED:
    'Fügen Sie einen Nachweis für das Kriterium Portfolio oder Erfahrung hinzu.',
  PROFESSIONAL_PROTECTIONS_NOT_ACKNOWLEDGED:
    'Bestätigen Sie, dass Sie gelesen haben, auf welchen Schutz Sie verzichten.',
  MARGIN_TEST_RETAKE_TOO_SOON: 'Sie können den Test ab {{retakeFrom}} wiederholen.',
  MARGIN_TEST_ALREADY_PASSED: 'Sie haben den Test bereits bestanden.',
  MARGIN_TEST_NOT_PASSED: 'Bestehen Sie den Test, bevor Sie die Risikoregeln akzeptieren.',
  MARGIN_DISCLOSURE_NOT_ACCEPTED:
    'Bestätigen Sie, dass Sie die Risikoregeln akzeptieren, um das Konto zu eröffnen.',
  MARGIN_DISCLOSURE_OUTDATED:
    'Die Risikoregeln haben sich geändert (jetzt Version {{version}}). Lesen Sie sie erneut.',
  MARGIN_ACCOUNT_ALREADY_OPEN: 'Ihr Marginkonto ist bereits eröffnet.',
  MARGIN_NOT_MARGINABLE:
    '{{symbol}} kann nicht auf Marge gekauft werden (Krypto, zu wenig Tagesumsatz oder nicht handelbar).',
  MARGIN_LEVERAGE_ABOVE_CAP: 'Der Hebel liegt über dem Höchstwert dieses Instruments: {{leverageMax}}×.',
  MARGIN_PAY_IN_TRADE_CURRENCY:
    'Auf Marge zahlen Sie in der Währung des Instruments ({{currency}}): Ein Kauf leiht sie, ein Verkauf zahlt sie zurück.',
  DAY_TRADE_NOT_ELIGIBLE: 'Dieses Instrument steht nicht auf der Daytrading-Liste ({{symbol}}).',
  DAY_TRADE_CUTOFF_PASSED:
    'Daytrading ist nur möglich, solange der Markt geöffnet ist, und vor dem automatischen Schließzeitpunkt ({{autoCloseAt}}).',
  MARGIN_REPAY_ABOVE_OWED:
    'Sie schulden in dieser Währung {{owed}} auf Marge; mehr können Sie nicht zurückzahlen.',
  MARGIN_TRANSFER_BELOW_MAINTENANCE:
    'Ihre Margenseite fiele unter die Erhaltungsmarge. Jetzt können höchstens {{available}} verschoben werden.',
  SUPPORT_MESSAGE_EMPTY: 'Schreiben Sie eine Nachricht oder hängen Sie ein Bild an.',
  SUPPORT_CONVERSATION_NOT_FOUND: 'Dieser Nutzer hat dem Support nicht geschrieben.',
  ALERT_LIMIT_REACHED:
    'Sie haben bereits {{limit}} aktive Kursalarme, das Maximum. Löschen Sie zuerst einen.',
  ALERT_ALREADY_MET:
    '{{symbol}} steht bereits bei {{price}}: Der Alarm würde sofort auslösen. Wählen Sie eine andere Schwelle.',
  ALERT_VALUE_INVALID: 'Geben Sie eine Schwelle über 0 ein (einen Prozentsatz von höchstens {{maximum}}).',
  ALERT_NOT_FOUND: 'Dieser Kursalarm existiert nicht.',
  ALERT_NOT_ACTIVE: 'Dieser Kursalarm wurde bereits ausgelöst oder gelöscht.',
  PUSH_SERVICE_NOT_ALLOWED: 'An den Push-Dienst dieses Browsers sendet dieser Server nicht.',
  NEWS_NOT_FOUND: 'Diese Nachricht existiert nicht.',
  TOO_FREQUENT: 'Zu häufig gesendet. Warten Sie einen Moment.',
  SYSTEM_BUSY: 'Das System ist ausgelastet. Versuchen Sie es später erneut.',
};
